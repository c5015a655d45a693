// The benches that call conversations' HTTP API in process over a large seeded company
// (bench/inbox-list.mjs, bench/work-organisation.mjs, bench/dashboard.mjs): the app, the company's
// tickets, the timing of a route and the cursor a client 75% down a list would hold.
import 'reflect-metadata';

import { randomBytes, randomUUID } from 'node:crypto';

import { benchDatabase, givenOrEmbeddedPostgres, percentile, requireFromRoot } from './harness.mjs';

const platform = requireFromRoot('./dist/libs/platform/src/index.js');
const { ConversationsModule } = requireFromRoot('./dist/libs/conversations/src/index.js');
const { NestFactory } = requireFromRoot('@nestjs/core');
const { Module } = requireFromRoot('@nestjs/common');
const { Client } = requireFromRoot('pg');

/** The seeded company. */
export const COMPANY = 1;
/** Its queues; its user 2 ('Ana') works in queues 1 to 3. */
export const QUEUES = 10;

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

/**
 * Conversations (with platform) listening on a free port over a database of its own, `<prefix>_<random>`
 * on DATABASE_URL's server or an embedded one. BENCH_DB=<name> measures a database kept by an earlier
 * run (BENCH_KEEP_DB=1 keeps it) instead: `reused` is then true and nothing is to be seeded.
 */
export async function startConversationsBench(prefix) {
  const server = await givenOrEmbeddedPostgres();
  const reused = process.env.BENCH_DB;
  const database = await benchDatabase(prefix, { adminUrl: server.adminUrl, reuse: reused });
  let app;
  const close = async () => {
    await app?.close();
    await database.drop({ keep: Boolean(process.env.BENCH_KEEP_DB || reused) });
    await server.stop();
  };
  try {
    app = await NestFactory.create(
      {
        module: class BenchModule {},
        imports: [
          platform.PlatformModule.forRoot({
            serviceName: 'bench',
            mode: 'standalone',
            databaseUrl: database.url,
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
  } catch (error) {
    await close();
    throw error;
  }
  const base = `http://127.0.0.1:${app.getHttpServer().address().port}/api`;
  const tokens = app.get(platform.AccessTokenService);
  return {
    url: database.url,
    reused: Boolean(reused),
    /** The Authorization header of the company's user `userId`, with the plan's `features`. */
    authorization: (userId, profile, features = []) => ({
      Authorization: `Bearer ${tokens.sign({ sub: String(userId), companyId: COMPANY, profile, super: false, sid: randomUUID(), plan: features })}`,
    }),
    get: (route, headers) => fetch(`${base}${route}`, { headers }),
    close,
  };
}

/**
 * The company: an admin (1) and Ana (2, queues 1 to 3), one connection, QUEUES queues and one contact
 * per ticket; 10% of the tickets are live (half open, half pending), the rest closed, one a minute
 * back in time. Messages are each bench's own.
 */
export async function seedCompanyTickets(client, tickets) {
  await client.query(`INSERT INTO conversations.users (id, company_id, name, profile, queue_ids) VALUES
    (1, ${COMPANY}, 'Admin', 'admin', '{}'), (2, ${COMPANY}, 'Ana', 'user', '{1,2,3}')`);
  await client.query(
    `INSERT INTO conversations.connections (id, company_id, name, status) VALUES (1, ${COMPANY}, 'Principal', 'CONNECTED')`,
  );
  await client.query(`INSERT INTO conversations.queues (company_id, name, color)
    SELECT ${COMPANY}, 'Fila ' || g, '#' || lpad(to_hex(g * 4000), 6, '0') FROM generate_series(1, ${QUEUES}) g`);
  await client.query(`INSERT INTO conversations.contacts (uuid, company_id, name, number)
    SELECT gen_random_uuid(), ${COMPANY}, 'Cliente ' || g, (5511900000000 + g)::text FROM generate_series(1, ${tickets}) g`);
  await client.query(`INSERT INTO conversations.tickets (uuid, company_id, contact_id, whatsapp_id, status, user_id, queue_id,
      last_message, unread_messages, created_at, updated_at)
    SELECT gen_random_uuid(), ${COMPANY}, c.id, 1,
      CASE WHEN c.id % 20 = 0 THEN 'open' WHEN c.id % 20 = 1 THEN 'pending' ELSE 'closed' END,
      CASE WHEN c.id % 20 = 1 THEN NULL ELSE 1 + (c.id % 2) END,
      CASE WHEN c.id % 7 = 0 THEN NULL ELSE 1 + (c.id % ${QUEUES}) END,
      'mensagem ' || c.id, (c.id % 3), now() - (c.id || ' minutes')::interval, now() - (c.id || ' minutes')::interval
    FROM conversations.contacts c WHERE c.company_id = ${COMPANY}`);
}

/** Three kanban lanes (30%, 20% and 10% of the live tickets) and an ordinary tag on 10% of all tickets. */
export async function seedKanbanTags(client) {
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
}

/** How many rows `table` (schema-qualified) holds. */
export async function countRows(client, table) {
  return (await client.query(`SELECT count(*)::int AS count FROM ${table}`)).rows[0].count;
}

/** Runs `seed(client)` on a connection of its own and prints what it seeded and how long it took. */
export async function seeding(url, seed) {
  const client = new Client({ connectionString: url });
  await client.connect();
  const started = Date.now();
  try {
    const result = await seed(client);
    const tickets = await countRows(client, 'conversations.tickets');
    const messages = await countRows(client, 'conversations.messages');
    console.log(`seeded ${tickets} tickets and ${messages} messages in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return result;
  } finally {
    await client.end();
  }
}

/**
 * A timer of routes: `timed(name, call)` warms `call(i)` 5 times (the first calls of a route pay its
 * plans and caches), times it `calls` times and prints p50 and p99, the name padded to `width`.
 */
export function routeTimer(calls, width) {
  return async function timed(name, call) {
    for (let i = 0; i < 5; i++) await (await call(i)).arrayBuffer();
    const latencies = [];
    for (let i = 0; i < calls; i++) {
      const started = performance.now();
      const response = await call(i);
      if (!response.ok) throw new Error(`${name}: HTTP ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
    }
    latencies.sort((a, b) => a - b);
    console.log(
      `${name.padEnd(width)} p50 ${percentile(latencies, 50).toFixed(1).padStart(7)} ms   p99 ${percentile(latencies, 99).toFixed(1).padStart(7)} ms`,
    );
  };
}

/**
 * The cursor (nextUpdatedAt, nextTicketId) of the ticket 75% down the list of tickets `t` matching
 * `where`, newest first: what a client that far down holds.
 */
export async function deepTicketCursor(pg, where) {
  const count = (await pg.query(`SELECT count(*)::int AS count FROM conversations.tickets t WHERE ${where}`)).rows[0].count;
  const { rows } = await pg.query(
    `SELECT id, updated_at FROM conversations.tickets t WHERE ${where} ORDER BY updated_at DESC, id DESC OFFSET $1 LIMIT 1`,
    [Math.floor(count * 0.75)],
  );
  return `nextUpdatedAt=${encodeURIComponent(rows[0].updated_at.toISOString())}&nextTicketId=${rows[0].id}`;
}
