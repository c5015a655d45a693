#!/usr/bin/env node
// The ticket list and the message page with a large history: seeds one company with 100,000 tickets
// and 1,000,000 messages (or 1,000,000 and 10,000,000: `1000000 10`), then calls GET /api/tickets
// (each tab and filter at page 1 and 75% down the list by cursor, each kind of search as an admin,
// as an admin narrowing to a queue, and as a plain user of three queues, with and without a queue) and
// GET /api/messages/{ticketId} (page 1 and deep by cursor) over HTTP, and prints p50 and p99 of each
// and the process's RSS.
//
//   npm run build:server
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/inbox-list.mjs [tickets=100000] [messagesPerTicket=10] [calls=200]
//
// Without DATABASE_URL an embedded PostgreSQL is started in a temporary folder.
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
const { NestFactory } = require('@nestjs/core');
const { Module } = require('@nestjs/common');
const { Client } = require('pg');

// Identity's session answers without identity, as platform/testing's TokenClaimsSessionsModule gives
// them (the build leaves testing folders out of dist): every session whose token verifies is alive.
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
const BUSY_MESSAGES = 5_000;
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
  // One contact per ticket: 10% of the tickets are live (half open, half pending), the rest closed.
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
  await client.query(`INSERT INTO conversations.messages (company_id, ticket_id, contact_id, whatsapp_id, wid, body, from_me, ack, created_at)
    SELECT ${COMPANY}, t.id, t.contact_id, 1, 'W' || t.id || '-' || m, 'texto ' || m || ' do pedido ' || t.id, m % 2 = 0, 3, t.created_at + (m || ' seconds')::interval
    FROM conversations.tickets t CROSS JOIN generate_series(1, ${PER_TICKET}) m`);
  // One busy conversation, for the message page at depth.
  await client.query(
    `INSERT INTO conversations.messages (company_id, ticket_id, contact_id, whatsapp_id, wid, body, from_me, ack, created_at)
     SELECT ${COMPANY}, t.id, t.contact_id, 1, 'B' || m, 'conversa longa ' || m, m % 2 = 0, 3, t.created_at + (m || ' seconds')::interval
       FROM (SELECT id, contact_id, created_at FROM conversations.tickets WHERE status = 'open' ORDER BY id LIMIT 1) t
      CROSS JOIN generate_series(1, ${BUSY_MESSAGES}) m`,
  );
  await client.query('ANALYZE');
  const [{ count: tickets }] = (await client.query('SELECT count(*)::int AS count FROM conversations.tickets')).rows;
  const [{ count: messages }] = (await client.query('SELECT count(*)::int AS count FROM conversations.messages')).rows;
  const [{ id: busyTicket }] = (await client.query(`SELECT id FROM conversations.tickets WHERE status = 'open' ORDER BY id LIMIT 1`)).rows;
  await client.end();
  console.log(`seeded ${tickets} tickets and ${messages} messages in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { busyTicket };
}

async function busiest(url) {
  const client = new Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query(`SELECT ticket_id AS "busyTicket" FROM conversations.messages WHERE wid = 'B1'`);
  await client.end();
  return rows[0];
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
    `${name.padEnd(72)} p50 ${percentile(latencies, 50).toFixed(1).padStart(7)} ms   p99 ${percentile(latencies, 99).toFixed(1).padStart(7)} ms`,
  );
}

const db = await database();
// BENCH_DB=<name> measures a database kept by an earlier run (BENCH_KEEP_DB=1) instead of seeding one.
const reused = process.env.BENCH_DB;
const name = reused ?? `bench_inbox_${randomBytes(4).toString('hex')}`;
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
  const { busyTicket } = reused ? await busiest(url.toString()) : await seed(url.toString());
  const tokens = app.get(platform.AccessTokenService);
  const token = (userId, profile) =>
    tokens.sign({ sub: String(userId), companyId: COMPANY, profile, super: false, sid: randomUUID(), plan: [] });
  const adminToken = { Authorization: `Bearer ${token(1, 'admin')}` };
  const userToken = { Authorization: `Bearer ${token(2, 'user')}` };
  const get = (route, headers) => fetch(`${base}${route}`, { headers });

  // A client 75% down a list holds the cursor of the row there: computed here as it would have it.
  const pg = new Client({ connectionString: url.toString() });
  await pg.connect();
  const deepCursor = async (where) => {
    const [{ count }] = (await pg.query(`SELECT count(*)::int AS count FROM conversations.tickets t WHERE ${where}`)).rows;
    const { rows } = await pg.query(
      `SELECT id, updated_at FROM conversations.tickets t WHERE ${where} ORDER BY updated_at DESC, id DESC OFFSET $1 LIMIT 1`,
      [Math.floor(count * 0.75)],
    );
    return `nextUpdatedAt=${encodeURIComponent(rows[0].updated_at.toISOString())}&nextTicketId=${rows[0].id}`;
  };
  const lists = [
    ['open, showAll (admin)', 'status=open&showAll=true', adminToken, `status = 'open'`],
    [
      'pending (user of 3 queues)',
      'status=pending&queueIds=[1,2,3]',
      userToken,
      `status = 'pending' AND (queue_id IN (1,2,3) OR queue_id IS NULL)`,
    ],
    [
      'closed (user of 3 queues)',
      'status=closed',
      userToken,
      `status = 'closed' AND (queue_id IN (1,2,3) OR queue_id IS NULL OR user_id = 2)`,
    ],
    ['closed, showAll (admin)', 'status=closed&showAll=true', adminToken, `status = 'closed'`],
    ['closed, queue 4 only (admin)', 'status=closed&queueIds=[4]', adminToken, `status = 'closed' AND (queue_id = 4 OR queue_id IS NULL)`],
    [
      'withUnreadMessages, queue 4 (admin)',
      'withUnreadMessages=true&queueIds=[4]',
      adminToken,
      `unread_messages > 0 AND (queue_id = 4 OR queue_id IS NULL)`,
    ],
  ];
  for (const [label, query, headers, where] of lists) {
    await timed(`GET /tickets ${label}, page 1`, () => get(`/tickets?${query}`, headers));
    const cursor = await deepCursor(where);
    await timed(`GET /tickets ${label}, 75% down`, () => get(`/tickets?${query}&${cursor}`, headers));
  }
  await timed('GET /tickets closed (user), pageNumber 1..20 (older clients)', (i) =>
    get(`/tickets?status=closed&pageNumber=${1 + (i % 20)}`, userToken),
  );
  // Each kind of search as the admin with no queue filter, the admin narrowing to one queue, and a
  // plain user (whose list walks each of the user's queues; issue 21 found these answering 500).
  const searches = [
    ['"cliente 99"', 'contact names', 'cliente 99'],
    ['"5511900004242"', 'a number', '5511900004242'],
    ['"pedido 4242"', 'only in messages', 'pedido 4242'],
    ['"texto"', 'in every message', 'texto'],
    ['"99"', 'shorter than a trigram', '99'],
  ];
  const searchers = [
    ['admin', '', adminToken],
    ['admin, queue 4', '&queueIds=[4]', adminToken],
    ['user of 3 queues', '', userToken],
    ['user, queue 1', '&queueIds=[1]', userToken],
  ];
  for (const [who, filter, headers] of searchers) {
    for (const [label, kind, term] of searches) {
      await timed(`GET /tickets search ${label} (${who}; ${kind})`, () =>
        get(`/tickets?searchParam=${encodeURIComponent(term)}${filter}`, headers),
      );
    }
  }
  await timed('GET /messages/{ticketId} page 1', () => get(`/messages/${busyTicket}`, adminToken));
  const { rows: deepMessage } = await pg.query(
    `SELECT id FROM conversations.messages WHERE ticket_id = $1 ORDER BY created_at DESC, id DESC OFFSET $2 LIMIT 1`,
    [busyTicket, Math.floor(BUSY_MESSAGES * 0.75)],
  );
  await timed(`GET /messages/{ticketId} 75% down ${BUSY_MESSAGES} messages (nextId)`, () =>
    get(`/messages/${busyTicket}?nextId=${deepMessage[0].id}`, adminToken),
  );
  await pg.end();
  console.log(`process RSS ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB`);
} finally {
  await app?.close();
  // BENCH_KEEP_DB=1 keeps the seeded database for a look at its plans.
  if (process.env.BENCH_KEEP_DB || reused) console.log(`kept database ${name}`);
  else await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
  await db.stop();
}
