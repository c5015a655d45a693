#!/usr/bin/env node
// The admin dashboard at scale (issue 13, decision 0031): seeds one company as bench/inbox-list.mjs
// does (100,000 tickets and 1,000,000 messages, or 1,000,000 and 10,000,000: `1000000 10`; 10% of the
// tickets live, one a minute back in time), with bench/work-organisation.mjs's kanban tags, a first
// reply by the ticket's user on every ticket that has one (1 to 30 minutes after creation), ratings on
// a third of the closed tickets, and the rollup built by the dashboard's backfill statements, STATS_BACKFILL_SQL (so it
// agrees with the tickets). Then calls over HTTP, as an admin, GET /api/dashboard for 30 and 365 days
// (all queues and one queue), GET /api/ticket/kanban ('Em aberto') and a tag's lane, and prints p50
// and p99 of each.
//
//   npm run build:server
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/dashboard.mjs [tickets=100000] [messagesPerTicket=10] [calls=200]
//
// Without DATABASE_URL an embedded PostgreSQL is started in a temporary folder. BENCH_KEEP_DB=1 keeps
// the seeded database, BENCH_DB=<name> measures it again without seeding.
import 'reflect-metadata';

import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const platform = require(path.join(root, 'dist/libs/platform/src/index.js'));
const { ConversationsModule } = require(path.join(root, 'dist/libs/conversations/src/index.js'));
const { STATS_BACKFILL_SQL } = require(path.join(root, 'dist/libs/conversations/src/dashboard/ticket-stats.repository.js'));
const { NestFactory } = require('@nestjs/core');
const { Module } = require('@nestjs/common');
const { Client } = require('pg');

// Identity's session answers without identity (platform/testing's TokenClaimsSessionsModule is not in dist).
class TokenClaimsSessionsModule {}
Module({
  providers: [
    {
      provide: platform.SESSION_AUTHORITY,
      inject: [platform.AccessTokenService],
      useFactory: (tokens) => ({
        lookup: async (_sessionId, token) => {
          const tenancy = tokens.verify(token);
          return { live: true, userId: tenancy.userId, companyId: tenancy.companyId, profile: tenancy.profile, super: tenancy.super };
        },
      }),
    },
  ],
  exports: [platform.SESSION_AUTHORITY],
})(TokenClaimsSessionsModule);

const TICKETS = Number(process.argv[2] ?? 100_000);
const PER_TICKET = Number(process.argv[3] ?? 10);
const CALLS = Number(process.argv[4] ?? 200);
const COMPANY = 1;
const QUEUES = 10;

async function database() {
  if (process.env.DATABASE_URL) return { adminUrl: process.env.DATABASE_URL, stop: async () => undefined };
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'zapdesk-bench-pg-'));
  chmodSync(dataDir, 0o755);
  const server = await platform.startEmbeddedPostgres({ dataDir, port: 54400 + Math.floor(Math.random() * 500), database: 'postgres' });
  return { adminUrl: server.url, stop: async () => (await server.stop(), rmSync(dataDir, { recursive: true, force: true })) };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** The inbox list benchmark's company (same users, queues, statuses and times), then the tags. */
async function seed(url) {
  const client = new Client({ connectionString: url });
  await client.connect();
  const started = Date.now();
  await client.query(`INSERT INTO conversations.users (id, company_id, name, profile, queue_ids) VALUES
    (1, ${COMPANY}, 'Admin', 'admin', '{}'), (2, ${COMPANY}, 'Ana', 'user', '{1,2,3}')`);
  await client.query(
    `INSERT INTO conversations.connections (id, company_id, name, status) VALUES (1, ${COMPANY}, 'Principal', 'CONNECTED')`,
  );
  await client.query(`INSERT INTO conversations.queues (company_id, name, color)
    SELECT ${COMPANY}, 'Fila ' || g, '#' || lpad(to_hex(g * 4000), 6, '0') FROM generate_series(1, ${QUEUES}) g`);
  await client.query(`INSERT INTO conversations.contacts (uuid, company_id, name, number)
    SELECT gen_random_uuid(), ${COMPANY}, 'Cliente ' || g, (5511900000000 + g)::text FROM generate_series(1, ${TICKETS}) g`);
  await client.query(`INSERT INTO conversations.tickets (uuid, company_id, contact_id, whatsapp_id, status, user_id, queue_id,
      last_message, unread_messages, created_at, updated_at)
    SELECT gen_random_uuid(), ${COMPANY}, c.id, 1,
      CASE WHEN c.id % 20 = 0 THEN 'open' WHEN c.id % 20 = 1 THEN 'pending' ELSE 'closed' END,
      CASE WHEN c.id % 20 = 1 THEN NULL ELSE 1 + (c.id % 2) END,
      CASE WHEN c.id % 7 = 0 THEN NULL ELSE 1 + (c.id % ${QUEUES}) END,
      'mensagem ' || c.id, (c.id % 3), now() - (c.id || ' minutes')::interval, now() - (c.id || ' minutes')::interval
    FROM conversations.contacts c WHERE c.company_id = ${COMPANY}`);
  // The replies are the ticket's user's; the first comes 1 to 30 minutes after the customer's message.
  await client.query(`INSERT INTO conversations.messages (company_id, ticket_id, contact_id, whatsapp_id, wid, body, from_me, ack, created_at, user_id)
    SELECT ${COMPANY}, t.id, t.contact_id, 1, 'W' || t.id || '-' || m, 'texto ' || m || ' do pedido ' || t.id, m % 2 = 0, 3,
      t.created_at + ((m - 1) * (1 + t.id % 30) || ' minutes')::interval + (m || ' seconds')::interval,
      CASE WHEN m % 2 = 0 THEN t.user_id END
    FROM conversations.tickets t CROSS JOIN generate_series(1, ${PER_TICKET}) m`);
  // Three kanban lanes (30%, 20% and 10% of the live tickets) and an ordinary tag on 10% of all tickets.
  await client.query(`INSERT INTO conversations.tags (company_id, name, color, kanban) VALUES
    (${COMPANY}, 'Proposta', '#1565c0', 1), (${COMPANY}, 'Negociação', '#2e7d32', 1), (${COMPANY}, 'Fechamento', '#6a1b9a', 1),
    (${COMPANY}, 'VIP', '#f9a825', 0)`);
  await client.query(`INSERT INTO conversations.ticket_tags (ticket_id, tag_id)
    SELECT t.id, g.id FROM conversations.tickets t JOIN conversations.tags g ON g.company_id = ${COMPANY} AND g.name =
      CASE WHEN (t.id / 20) % 10 < 3 THEN 'Proposta' WHEN (t.id / 20) % 10 < 5 THEN 'Negociação' ELSE 'Fechamento' END
     WHERE t.status <> 'closed' AND (t.id / 20) % 10 < 6`);
  await client.query(`INSERT INTO conversations.ticket_tags (ticket_id, tag_id)
    SELECT t.id, g.id FROM conversations.tickets t JOIN conversations.tags g ON g.company_id = ${COMPANY} AND g.name = 'VIP'
     WHERE t.id % 10 = 3`);
  // A third of the closed tickets rated, 1 to 5; closed ones resolved 10 minutes to 2 days after creation.
  await client.query(`UPDATE conversations.tickets SET updated_at = created_at + ((10 + (id * 37) % 2870) || ' minutes')::interval
     WHERE status = 'closed' AND created_at + ((10 + (id * 37) % 2870) || ' minutes')::interval < now()`);
  await client.query(`INSERT INTO conversations.ticket_ratings (company_id, ticket_id, user_id, rate, created_at)
    SELECT ${COMPANY}, id, user_id, 1 + (id * 7) % 5, updated_at + interval '5 minutes' FROM conversations.tickets
     WHERE status = 'closed' AND id % 3 = 0`);
  // The rollup, by the backfill statements (STATS_BACKFILL_SQL): durations exact to the second, as the live writes keep them.
  const rollup = Date.now();
  await client.query('BEGIN');
  await client.query(`UPDATE conversations.tickets SET human_ready_at = NULL, first_response_at = NULL, resolved_at = NULL`);
  await client.query('DELETE FROM conversations.ticket_stats_daily');
  for (const statement of STATS_BACKFILL_SQL) await client.query(statement);
  await client.query('COMMIT');
  console.log(`rollup built in ${((Date.now() - rollup) / 1000).toFixed(1)} s`);
  await client.query('VACUUM ANALYZE');
  const [{ count: tickets }] = (await client.query('SELECT count(*)::int AS count FROM conversations.tickets')).rows;
  const [{ count: messages }] = (await client.query('SELECT count(*)::int AS count FROM conversations.messages')).rows;
  const [{ count: rows }] = (await client.query('SELECT count(*)::int AS count FROM conversations.ticket_stats_daily')).rows;
  await client.end();
  console.log(`rollup rows: ${rows}`);
  console.log(`seeded ${tickets} tickets and ${messages} messages in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function timed(name, call) {
  for (let i = 0; i < 5; i++) await (await call(i)).arrayBuffer(); // warm: the first calls of a route pay its plans and caches
  const latencies = [];
  for (let i = 0; i < CALLS; i++) {
    const started = performance.now();
    const response = await call(i);
    if (!response.ok) throw new Error(`${name}: HTTP ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
    latencies.push(performance.now() - started);
  }
  latencies.sort((a, b) => a - b);
  console.log(
    `${name.padEnd(64)} p50 ${percentile(latencies, 50).toFixed(1).padStart(7)} ms   p99 ${percentile(latencies, 99).toFixed(1).padStart(7)} ms`,
  );
}

const db = await database();
const reused = process.env.BENCH_DB;
const name = reused ?? `bench_dashboard_${randomBytes(4).toString('hex')}`;
const admin = new Client({ connectionString: db.adminUrl });
await admin.connect();
if (!reused) await admin.query(`CREATE DATABASE "${name}"`);
const url = new URL(db.adminUrl);
url.pathname = `/${name}`;
let app;
try {
  app = await NestFactory.create(
    {
      module: class BenchModule {},
      imports: [
        platform.PlatformModule.forRoot({
          serviceName: 'bench',
          mode: 'standalone',
          databaseUrl: url.toString(),
          jwt: { secret: randomBytes(32).toString('hex'), accessTtlSeconds: 3600 },
          logLevel: 'silent',
        }),
        ConversationsModule.forRoot(),
        TokenClaimsSessionsModule,
      ],
    },
    { logger: false },
  );
  platform.configureHttpApp(app);
  await app.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${app.getHttpServer().address().port}/api`;
  if (!reused) await seed(url.toString());
  const tokens = app.get(platform.AccessTokenService);
  const token = (userId, profile) =>
    tokens.sign({ sub: String(userId), companyId: COMPANY, profile, super: false, sid: randomUUID(), plan: ['useKanban'] });
  const adminToken = { Authorization: `Bearer ${token(1, 'admin')}` };
  const get = (route, headers) => fetch(`${base}${route}`, { headers });

  const pg = new Client({ connectionString: url.toString() });
  await pg.connect();
  const [{ id: proposal }] = (await pg.query(`SELECT id FROM conversations.tags WHERE name = 'Proposta'`)).rows;
  await pg.end();
  const day = (offset) => new Date(Date.now() - offset * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
  const range = (days) => `dateFrom=${day(days - 1)}&dateTo=${day(0)}`;
  const load = os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
  console.log(`load average before: ${load} (${os.cpus().length} cores)`);
  await timed('GET /dashboard, 30 days', () => get(`/dashboard?${range(30)}`, adminToken));
  await timed('GET /dashboard, 365 days', () => get(`/dashboard?${range(365)}`, adminToken));
  await timed('GET /dashboard, 365 days, one queue', () => get(`/dashboard?${range(365)}&queueId=3`, adminToken));
  await timed('GET /dashboard, 365 days, one user', () => get(`/dashboard?${range(365)}&userId=2`, adminToken));
  await timed("GET /ticket/kanban 'Em aberto' (admin), page 1", () => get('/ticket/kanban', adminToken));
  await timed("GET /ticket/kanban tag 'Proposta' (admin; 30% of live), page 1", () => get(`/ticket/kanban?tagId=${proposal}`, adminToken));
  console.log(
    `load average after: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  console.log(`process RSS ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB`);
} finally {
  await app?.close();
  if (process.env.BENCH_KEEP_DB || reused) console.log(`kept database ${name}`);
  else await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
  await db.stop();
}
