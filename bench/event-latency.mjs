#!/usr/bin/env node
// Event backbone latency: from the commit of a state change with its outbox row to the consumer's
// handler, over the in-process transport and (when KAFKA_BROKERS is set) Kafka. Prints percentiles.
//
//   npm run build:server
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres [KAFKA_BROKERS=127.0.0.1:9092] node bench/event-latency.mjs [events]
//
// Without DATABASE_URL an embedded PostgreSQL is started in a temporary folder.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const platform = require(path.join(root, 'dist/libs/platform/src/index.js'));
const { z } = require('zod');
const { Client } = require('pg');

const total = Number(process.argv[2] ?? 500);
const schema = 'bench';

async function database() {
  if (process.env.DATABASE_URL) return { adminUrl: process.env.DATABASE_URL, stop: async () => undefined };
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'zapdesk-bench-pg-'));
  chmodSync(dataDir, 0o755);
  const server = await platform.startEmbeddedPostgres({ dataDir, port: 54400 + Math.floor(Math.random() * 500), database: 'postgres' });
  return { adminUrl: server.url, stop: async () => (await server.stop(), rmSync(dataDir, { recursive: true, force: true })) };
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function measure(name, makeTransport, url) {
  const topic = `bench-${randomBytes(4).toString('hex')}`;
  const transport = await makeTransport(topic);
  const dataSource = await platform.openServiceDataSource(url, { schema, entities: [], migrations: [] });
  await dataSource.query(`TRUNCATE ${schema}.outbox`);
  const definition = { type: 'bench.thing.happened', version: 1, topic, payload: z.object({ committedAt: z.number() }) };
  const writer = new platform.OutboxWriter(schema);
  const latencies = [];
  let resolveDone;
  const done = new Promise((resolve) => (resolveDone = resolve));
  const subscription = await transport.subscribe({
    groupId: `bench-${topic}`,
    topics: [topic],
    handler: async (envelope) => {
      latencies.push(performance.now() - envelope.payload.committedAt);
      if (latencies.length === total) resolveDone();
    },
  });
  const relay = new platform.OutboxRelay(dataSource, schema, transport, {});
  await relay.start();
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    // One small transaction per event, as a service writes them; committedAt is taken just before commit.
    await dataSource.transaction(async (manager) => {
      await writer.add(manager, { definition, companyId: 1, key: `k${i % 10}`, payload: { committedAt: performance.now() } });
    });
  }
  await done;
  const elapsed = performance.now() - started;
  await relay.stop();
  await subscription.close();
  await transport.stop();
  await dataSource.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  console.log(
    `${name.padEnd(11)} ${total} events in ${(elapsed / 1000).toFixed(2)} s (${Math.round(total / (elapsed / 1000))}/s); ` +
      `commit→handler ms p50 ${percentile(sorted, 50).toFixed(1)} p95 ${percentile(sorted, 95).toFixed(1)} ` +
      `p99 ${percentile(sorted, 99).toFixed(1)} max ${sorted.at(-1).toFixed(1)}`,
  );
}

const db = await database();
const name = `bench_${Date.now().toString(36)}`;
const admin = new Client({ connectionString: db.adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE "${name}"`);
const url = new URL(db.adminUrl);
url.pathname = `/${name}`;
try {
  await measure(
    'in-process',
    async () => {
      const transport = new platform.InProcessTransport({});
      await transport.start();
      return transport;
    },
    url.toString(),
  );
  if (process.env.KAFKA_BROKERS) {
    await measure(
      'kafka',
      async (topic) => {
        const transport = new platform.KafkaTransport({
          brokers: process.env.KAFKA_BROKERS.split(','),
          clientId: 'bench',
          topics: [{ name: topic, partitions: 3 }],
        });
        await transport.start();
        return transport;
      },
      url.toString(),
    );
  } else {
    console.log('kafka       skipped: set KAFKA_BROKERS to measure it');
  }
} finally {
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
  await db.stop();
}
