#!/usr/bin/env node
// The kanban board at scale (issue 13): seeds one company as bench/inbox-list.mjs does (100,000
// tickets and 1,000,000 messages, or 1,000,000 and 10,000,000: `1000000 10`; 10% of the tickets live),
// puts three kanban tags on 60% of the live tickets and an ordinary tag on 10% of all, then calls
// GET /api/ticket/kanban over HTTP: 'Em aberto' and a tag's lane at page 1 and 75% down by cursor,
// for an admin and for a user of 3 of the 10 queues, and prints p50 and p99 of each.
//
//   npm run build:server
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/work-organisation.mjs [tickets=100000] [messagesPerTicket=10] [calls=200]
//
// Without DATABASE_URL an embedded PostgreSQL is started in a temporary folder. BENCH_KEEP_DB=1 keeps
// the seeded database, BENCH_DB=<name> measures it again without seeding.
import {
  COMPANY,
  deepTicketCursor,
  routeTimer,
  seedCompanyTickets,
  seeding,
  seedKanbanTags,
  startConversationsBench,
} from './support/conversations-bench.mjs';
import { requireFromRoot } from './support/harness.mjs';

const { Client } = requireFromRoot('pg');

const TICKETS = Number(process.argv[2] ?? 100_000);
const PER_TICKET = Number(process.argv[3] ?? 10);
const CALLS = Number(process.argv[4] ?? 200);

/** The inbox list benchmark's company (same users, queues, statuses and times), then the tags. */
const seed = () =>
  seeding(bench.url, async (client) => {
    await seedCompanyTickets(client, TICKETS);
    await client.query(`INSERT INTO conversations.messages (company_id, ticket_id, contact_id, whatsapp_id, wid, body, from_me, ack, created_at)
      SELECT ${COMPANY}, t.id, t.contact_id, 1, 'W' || t.id || '-' || m, 'texto ' || m || ' do pedido ' || t.id, m % 2 = 0, 3, t.created_at + (m || ' seconds')::interval
      FROM conversations.tickets t CROSS JOIN generate_series(1, ${PER_TICKET}) m`);
    await seedKanbanTags(client);
    await client.query('ANALYZE');
  });

const timed = routeTimer(CALLS, 64);
const bench = await startConversationsBench('bench_work');
try {
  if (!bench.reused) await seed();
  const adminToken = bench.authorization(1, 'admin', ['useKanban']);
  const userToken = bench.authorization(2, 'user', ['useKanban']);
  const { get } = bench;

  const pg = new Client({ connectionString: bench.url });
  await pg.connect();
  const tagId = async (tag) => (await pg.query(`SELECT id FROM conversations.tags WHERE name = $1`, [tag])).rows[0].id;
  const proposal = await tagId('Proposta');
  const closing = await tagId('Fechamento');
  // A board 75% down a lane holds the cursor of the card there.
  const deepCursor = (where) => deepTicketCursor(pg, where);
  const live = `t.status <> 'closed'`;
  const noKanban = `NOT EXISTS (SELECT 1 FROM conversations.ticket_tags tt JOIN conversations.tags g ON g.id = tt.tag_id WHERE tt.ticket_id = t.id AND g.kanban = 1)`;
  const inLane = (id) => `EXISTS (SELECT 1 FROM conversations.ticket_tags tt WHERE tt.ticket_id = t.id AND tt.tag_id = ${id})`;
  const userQueues = `(t.queue_id IN (1,2,3) OR t.queue_id IS NULL OR t.user_id = 2)`;
  const lanes = [
    ["'Em aberto' (admin)", '', adminToken, `${live} AND ${noKanban}`],
    ["'Em aberto' (user of 3 queues)", 'queueIds=[1,2,3]', userToken, `${live} AND ${noKanban} AND ${userQueues}`],
    ["tag 'Proposta' (admin; 30% of live)", `tagId=${proposal}`, adminToken, `${live} AND ${inLane(proposal)}`],
    [
      "tag 'Fechamento' (user of 3 queues; 10% of live)",
      `queueIds=[1,2,3]&tagId=${closing}`,
      userToken,
      `${live} AND ${inLane(closing)} AND ${userQueues}`,
    ],
  ];
  for (const [label, query, headers, where] of lanes) {
    await timed(`GET /ticket/kanban ${label}, page 1`, () => get(`/ticket/kanban?${query}`, headers));
    const cursor = await deepCursor(where);
    await timed(`GET /ticket/kanban ${label}, 75% down`, () => get(`/ticket/kanban?${query}&${cursor}`, headers));
  }
  await timed('GET /tags/kanban (the lanes)', () => get('/tags/kanban', adminToken));
  await pg.end();
  console.log(`process RSS ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB`);
} finally {
  await bench.close();
}
