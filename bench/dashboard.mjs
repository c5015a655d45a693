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
import os from 'node:os';

import {
  COMPANY,
  countRows,
  routeTimer,
  seedCompanyTickets,
  seeding,
  seedKanbanTags,
  startConversationsBench,
} from './support/conversations-bench.mjs';
import { loadAverage, requireFromRoot } from './support/harness.mjs';

const { Client } = requireFromRoot('pg');
const { STATS_BACKFILL_SQL } = requireFromRoot('./dist/libs/conversations/src/dashboard/ticket-stats.repository.js');

const TICKETS = Number(process.argv[2] ?? 100_000);
const PER_TICKET = Number(process.argv[3] ?? 10);
const CALLS = Number(process.argv[4] ?? 200);

/** The inbox list benchmark's company (same users, queues, statuses and times), then the tags. */
const seed = () =>
  seeding(bench.url, async (client) => {
    await seedCompanyTickets(client, TICKETS);
    // The replies are the ticket's user's; the first comes 1 to 30 minutes after the customer's message.
    await client.query(`INSERT INTO conversations.messages (company_id, ticket_id, contact_id, whatsapp_id, wid, body, from_me, ack, created_at, user_id)
      SELECT ${COMPANY}, t.id, t.contact_id, 1, 'W' || t.id || '-' || m, 'texto ' || m || ' do pedido ' || t.id, m % 2 = 0, 3,
        t.created_at + ((m - 1) * (1 + t.id % 30) || ' minutes')::interval + (m || ' seconds')::interval,
        CASE WHEN m % 2 = 0 THEN t.user_id END
      FROM conversations.tickets t CROSS JOIN generate_series(1, ${PER_TICKET}) m`);
    await seedKanbanTags(client);
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
    console.log(`rollup rows: ${await countRows(client, 'conversations.ticket_stats_daily')}`);
  });

const timed = routeTimer(CALLS, 64);
const bench = await startConversationsBench('bench_dashboard');
try {
  if (!bench.reused) await seed();
  const adminToken = bench.authorization(1, 'admin', ['useKanban']);
  const { get } = bench;

  const pg = new Client({ connectionString: bench.url });
  await pg.connect();
  const [{ id: proposal }] = (await pg.query(`SELECT id FROM conversations.tags WHERE name = 'Proposta'`)).rows;
  await pg.end();
  const day = (offset) => new Date(Date.now() - offset * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
  const range = (days) => `dateFrom=${day(days - 1)}&dateTo=${day(0)}`;
  console.log(`load average before: ${loadAverage()} (${os.cpus().length} cores)`);
  await timed('GET /dashboard, 30 days', () => get(`/dashboard?${range(30)}`, adminToken));
  await timed('GET /dashboard, 365 days', () => get(`/dashboard?${range(365)}`, adminToken));
  await timed('GET /dashboard, 365 days, one queue', () => get(`/dashboard?${range(365)}&queueId=3`, adminToken));
  await timed('GET /dashboard, 365 days, one user', () => get(`/dashboard?${range(365)}&userId=2`, adminToken));
  await timed("GET /ticket/kanban 'Em aberto' (admin), page 1", () => get('/ticket/kanban', adminToken));
  await timed("GET /ticket/kanban tag 'Proposta' (admin; 30% of live), page 1", () => get(`/ticket/kanban?tagId=${proposal}`, adminToken));
  console.log(`load average after: ${loadAverage()}`);
  console.log(`process RSS ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB`);
} finally {
  await bench.close();
}
