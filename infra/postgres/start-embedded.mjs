#!/usr/bin/env node
// Runs the embedded PostgreSQL on its own, for the distributed runtime on one machine without an
// installed server: `node infra/postgres/start-embedded.mjs` prints the DATABASE_URL to give every
// service, and stops the server on Ctrl+C. Needs `npm run build:server` first.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { startEmbeddedPostgres } = createRequire(import.meta.url)(path.join(root, 'dist/libs/platform/src/database/embedded-postgres.js'));

const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(root, 'data'));
const port = Number(process.env.EMBEDDED_POSTGRES_PORT ?? 54329);
const server = await startEmbeddedPostgres({ dataDir, port, database: process.env.DATABASE_NAME ?? 'zapdesk' });
console.log(`DATABASE_URL=${server.url}`);
const stop = async () => {
  await server.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
