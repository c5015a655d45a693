import { randomBytes } from 'node:crypto';

import { Client } from 'pg';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** The server the test run brought up (scripts/test.mjs sets it). */
export function testServerUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    throw new Error('TEST_DATABASE_URL is not set: run the tests through `npm test`, which starts PostgreSQL');
  }
  return url;
}

/** A fresh, empty database on the test server, so test files never see each other's rows. */
export async function createTestDatabase(prefix = 'test'): Promise<TestDatabase> {
  const adminUrl = testServerUrl();
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new Client({ connectionString: adminUrl });
      await client.connect();
      try {
        // Bounded: a drop that waits (twice seen in a CI run, on embedded PostgreSQL 18, for minutes)
        // leaves the database behind with what it waited for printed, instead of hanging the suite;
        // the test server is thrown away after the run.
        await client.query(`SET statement_timeout = '60s'`);
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } catch (error) {
        const activity = await client
          .query(
            `SELECT pid, datname, application_name, state, wait_event_type, wait_event, left(query, 200) AS query
               FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND (datname = $1 OR wait_event_type = 'Lock' OR query ILIKE '%DATABASE%')`,
            [name],
          )
          .then((result) => result.rows)
          .catch((readError: unknown) => String(readError));
        process.emitWarning(`test database ${name} was left behind: ${String(error)}; activity: ${JSON.stringify(activity)}`);
      } finally {
        await client.end();
      }
    },
  };
}
