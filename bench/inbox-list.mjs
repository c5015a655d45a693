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
import {
  COMPANY,
  deepTicketCursor,
  routeTimer,
  seedCompanyTickets,
  seeding,
  startConversationsBench,
} from './support/conversations-bench.mjs';
import { requireFromRoot } from './support/harness.mjs';

const { Client } = requireFromRoot('pg');

const TICKETS = Number(process.argv[2] ?? 100_000);
const PER_TICKET = Number(process.argv[3] ?? 10);
const CALLS = Number(process.argv[4] ?? 200);
const BUSY_MESSAGES = 5_000;

/** The company's tickets, PER_TICKET messages each, and one busy conversation for the message page at depth. */
const seed = () =>
  seeding(bench.url, async (client) => {
    await seedCompanyTickets(client, TICKETS);
    await client.query(`INSERT INTO conversations.messages (company_id, ticket_id, contact_id, whatsapp_id, wid, body, from_me, ack, created_at)
    SELECT ${COMPANY}, t.id, t.contact_id, 1, 'W' || t.id || '-' || m, 'texto ' || m || ' do pedido ' || t.id, m % 2 = 0, 3, t.created_at + (m || ' seconds')::interval
    FROM conversations.tickets t CROSS JOIN generate_series(1, ${PER_TICKET}) m`);
    await client.query(
      `INSERT INTO conversations.messages (company_id, ticket_id, contact_id, whatsapp_id, wid, body, from_me, ack, created_at)
     SELECT ${COMPANY}, t.id, t.contact_id, 1, 'B' || m, 'conversa longa ' || m, m % 2 = 0, 3, t.created_at + (m || ' seconds')::interval
       FROM (SELECT id, contact_id, created_at FROM conversations.tickets WHERE status = 'open' ORDER BY id LIMIT 1) t
      CROSS JOIN generate_series(1, ${BUSY_MESSAGES}) m`,
    );
    await client.query('ANALYZE');
  });

const timed = routeTimer(CALLS, 72);
const bench = await startConversationsBench('bench_inbox');
try {
  if (!bench.reused) await seed();
  const adminToken = bench.authorization(1, 'admin');
  const userToken = bench.authorization(2, 'user');
  const { get } = bench;

  const pg = new Client({ connectionString: bench.url });
  await pg.connect();
  const [{ busyTicket }] = (await pg.query(`SELECT ticket_id AS "busyTicket" FROM conversations.messages WHERE wid = 'B1'`)).rows;
  // A client 75% down a list holds the cursor of the row there.
  const deepCursor = (where) => deepTicketCursor(pg, where);
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
  // BENCH_KEEP_DB=1 keeps the seeded database for a look at its plans.
  await bench.close();
}
