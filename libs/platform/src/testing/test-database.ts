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

/**
 * The run's template database, every service's schema migrated (test/support/database-template.ts;
 * scripts/test.mjs sets it): unset when a spec file is run on its own, and then databases start empty.
 */
function templateName(): string | undefined {
  return process.env.TEST_DATABASE_TEMPLATE || undefined;
}

/**
 * A fresh database on the test server, so test files never see each other's rows: a copy of the
 * run's template when there is one (the services' migrations already applied, so an app start finds
 * none left to run), else empty. `empty: true` asks for an empty one in any case.
 */
export async function createTestDatabase(prefix = 'test', options: { empty?: boolean } = {}): Promise<TestDatabase> {
  const adminUrl = testServerUrl();
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const template = options.empty ? undefined : templateName();
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`);
    // A commit then returns before its WAL reaches the disk (1.8 ms -> 0.07 ms per commit on this kind of
    // machine): only a crash of the PostgreSQL server itself could lose one, which no test does; killed
    // app processes lose nothing. TEST_DATABASE_DURABLE=on keeps the server's default.
    if (process.env.TEST_DATABASE_DURABLE !== 'on') await admin.query(`ALTER DATABASE "${name}" SET synchronous_commit = off`);
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
