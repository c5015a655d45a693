/**
 * The test run's template database: every service's schema migrated once, so that each test file's
 * database is a copy of it (`CREATE DATABASE ... TEMPLATE`, see createTestDatabase) instead of an
 * empty one on which every app start runs all the migrations again. A copy holds what the migrations
 * alone leave (the requests and outbox rows some of them write included); the app's start does the
 * rest as it would on a freshly migrated database. Built by scripts/test.mjs through
 * scripts/test-database-template.cjs; dropped when the run ends.
 */
import { randomBytes } from 'node:crypto';

import { openServiceDataSource } from '@app/platform';
import { Client } from 'pg';

import { AI_MIGRATIONS } from '../../libs/ai/src/ai.module';
import { BILLING_MIGRATIONS } from '../../libs/billing/src/billing.module';
import { CONVERSATIONS_MIGRATIONS } from '../../libs/conversations/src/conversations.module';
import { IDENTITY_MIGRATIONS } from '../../libs/identity/src/identity.module';
import { OUTBOUND_MIGRATIONS } from '../../libs/outbound/src/common/outbound-database.module';
import { WHATSAPP_MIGRATIONS } from '../../libs/whatsapp/src/whatsapp.module';

/** Each service's schema and migrations, in the order the standalone app starts them. */
const SERVICES: { schema: string; migrations: (typeof IDENTITY_MIGRATIONS)[number][] }[] = [
  { schema: 'identity', migrations: IDENTITY_MIGRATIONS },
  { schema: 'whatsapp', migrations: WHATSAPP_MIGRATIONS },
  { schema: 'conversations', migrations: CONVERSATIONS_MIGRATIONS },
  { schema: 'outbound', migrations: OUTBOUND_MIGRATIONS },
  { schema: 'ai', migrations: AI_MIGRATIONS },
  { schema: 'billing', migrations: BILLING_MIGRATIONS },
];

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer<T>(serverUrl: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates the template on the server and returns its name; no connection to it is left open. */
export async function createDatabaseTemplate(serverUrl: string): Promise<string> {
  const name = `template_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  try {
    for (const service of SERVICES) {
      const dataSource = await openServiceDataSource(databaseUrl(serverUrl, name), { ...service, poolSize: 2 });
      await dataSource.destroy();
    }
  } catch (error) {
    await dropDatabaseTemplate(serverUrl, name);
    throw error;
  }
  return name;
}

export async function dropDatabaseTemplate(serverUrl: string, name: string): Promise<void> {
  await onServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}
