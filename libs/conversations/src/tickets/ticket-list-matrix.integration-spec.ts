import { randomUUID } from 'node:crypto';

import { ticketListQuerySchema, type TicketListResponse, ticketListResponseSchema } from '@app/contracts';
import { expectAnswer } from '@app/platform/testing';
import request from 'supertest';

import { TicketRepository } from '../common/ticket.repository';
import {
  pageStart,
  SEARCH_CONTACTS_WALKED,
  SEARCH_INDEX_CAP,
  type TicketListFilter,
  TRIGRAM_SEARCH_MIN_LENGTH,
} from '../common/ticket.sql';
import type { ScopedViewer } from '../common/ticket-visibility';
import { type ConversationsTestApp, startConversationsTestApp } from '../testing/conversations-test-app';
import { InboxScenario } from '../testing/inbox-scenario';
import {
  type Combination,
  combinations,
  everyPair,
  expectedIds,
  type ListQuery,
  type ListViewer,
  MATRIX_COMPANY,
  MATRIX_USERS,
  OTHER_COMPANY,
  PAGE,
  pairsOf,
  type QueueName,
  SEARCH_TERMS,
  seedTickets,
  type StoredTicket,
  type TagName,
  type TicketSeed,
} from './testing/list-matrix';

const CONNECTION = { [MATRIX_COMPANY]: 10, [OTHER_COMPANY]: 20 } as Record<number, number>;

/**
 * Every list filter crossed with every other (issue 21): the tabs, show-all, queue sets, users, tags,
 * unread, each kind of search term, page 1, the next page by cursor and by pageNumber, as an admin, a
 * supervisor and users of 0, 1 and 2 queues, over seeded data where each combination has tickets to
 * find and to leave out; each answer is compared, ids in order, with the list's rules written plainly
 * (testing/list-matrix.ts). A search was once answered only without a queue: the walk over each
 * queue's index lost the contact it checks (500 for every user with queues).
 */
describe('the ticket list, every filter with every other, against the plain rules', () => {
  let t: ConversationsTestApp;
  let stored: StoredTicket[];
  let withoutWitness: number;
  const queueIds = {} as Record<number, Record<QueueName, number>>;
  const tagIds = {} as Record<number, Record<TagName, number>>;
  const chosen = combinations();
  const api = () => request(t.http);

  const viewerOf = (name: Combination['viewer']): ListViewer => {
    const user = MATRIX_USERS[name];
    return {
      id: user.id,
      companyId: MATRIX_COMPANY,
      profile: user.profile,
      queueIds: user.queues.map((q) => queueIds[MATRIX_COMPANY]![q]),
    };
  };
  const tokenOf = (viewer: ListViewer) => t.token({ userId: viewer.id, companyId: viewer.companyId, profile: viewer.profile });

  /** The query string a client sends for the combination (the web's form: queueIds always, as JSON). */
  function queryOf(combination: Combination): Record<string, string> {
    const query: Record<string, string> = {
      showAll: String(combination.showAll),
      queueIds: JSON.stringify(combination.queues.map((q) => queueIds[MATRIX_COMPANY]![q])),
    };
    if (combination.tab !== 'search') query.status = combination.tab;
    if (combination.term) query.searchParam = combination.term;
    if (combination.users.length > 0) query.users = JSON.stringify(combination.users);
    if (combination.tags.length > 0) query.tags = JSON.stringify(combination.tags.map((tag) => tagIds[MATRIX_COMPANY]![tag]));
    if (combination.withUnreadMessages) query.withUnreadMessages = 'true';
    return query;
  }

  const listQueryOf = (combination: Combination): ListQuery => ({
    status: combination.tab === 'search' ? undefined : combination.tab,
    showAll: combination.showAll,
    queueIds: combination.queues.map((q) => queueIds[MATRIX_COMPANY]![q]),
    users: [...combination.users],
    tags: combination.tags.map((tag) => tagIds[MATRIX_COMPANY]![tag]),
    withUnreadMessages: combination.withUnreadMessages,
    searchParam: combination.term ?? undefined,
  });

  async function seed(tickets: TicketSeed[]) {
    const contactUuids = tickets.map(() => randomUUID());
    const ticketUuids = tickets.map(() => randomUUID());
    await t.dataSource.query(
      `INSERT INTO conversations.contacts (uuid, company_id, name, number, is_group)
       SELECT * FROM unnest($1::uuid[], $2::int[], $3::text[], $4::text[], $5::boolean[])`,
      [
        contactUuids,
        tickets.map((ticket) => ticket.companyId),
        tickets.map((ticket) => ticket.contactName),
        tickets.map((ticket) => ticket.contactNumber),
        tickets.map((ticket) => ticket.isGroup),
      ],
    );
    await t.dataSource.query(
      `INSERT INTO conversations.tickets (uuid, company_id, contact_id, whatsapp_id, status, queue_id, user_id, unread_messages,
                                          is_group, last_message, created_at, updated_at)
       SELECT x.uuid, x.company_id, c.id, x.connection_id, x.status, x.queue_id, x.user_id, x.unread, x.is_group, x.last_message,
              x.updated_at - interval '1 day', x.updated_at
         FROM unnest($1::uuid[], $2::int[], $3::uuid[], $4::int[], $5::text[], $6::int[], $7::int[], $8::int[], $9::boolean[],
                     $10::text[], $11::timestamptz[]) WITH ORDINALITY
              AS x(uuid, company_id, contact_uuid, connection_id, status, queue_id, user_id, unread, is_group, last_message, updated_at, n)
         JOIN conversations.contacts c ON c.uuid = x.contact_uuid
        ORDER BY x.n`,
      [
        ticketUuids,
        tickets.map((ticket) => ticket.companyId),
        contactUuids,
        tickets.map((ticket) => CONNECTION[ticket.companyId]),
        tickets.map((ticket) => ticket.status),
        tickets.map((ticket) => (ticket.queue ? queueIds[ticket.companyId]![ticket.queue] : null)),
        tickets.map((ticket) => ticket.userId),
        tickets.map((ticket) => ticket.unreadMessages),
        tickets.map((ticket) => ticket.isGroup),
        tickets.map((ticket) => ticket.bodies.at(-1) ?? ''),
        tickets.map((ticket) => new Date(ticket.updatedAtMs).toISOString()),
      ],
    );
    const messages = tickets.flatMap((ticket, i) =>
      ticket.bodies.map((body, n) => ({
        ticket: ticketUuids[i]!,
        body,
        at: new Date(ticket.updatedAtMs - (ticket.bodies.length - n) * 1000).toISOString(),
        fromMe: n % 2 === 1,
      })),
    );
    await t.dataSource.query(
      `INSERT INTO conversations.messages (company_id, ticket_id, contact_id, whatsapp_id, wid, body, from_me, created_at)
       SELECT t.company_id, t.id, CASE WHEN x.from_me THEN NULL ELSE t.contact_id END, t.whatsapp_id, 'M' || x.n, x.body, x.from_me, x.at
         FROM unnest($1::uuid[], $2::text[], $3::timestamptz[], $4::boolean[]) WITH ORDINALITY AS x(ticket_uuid, body, at, from_me, n)
         JOIN conversations.tickets t ON t.uuid = x.ticket_uuid`,
      [messages.map((m) => m.ticket), messages.map((m) => m.body), messages.map((m) => m.at), messages.map((m) => m.fromMe)],
    );
    const tagged = tickets.flatMap((ticket, i) =>
      ticket.tags.map((tag) => ({ ticket: ticketUuids[i]!, tag: tagIds[ticket.companyId]![tag] })),
    );
    await t.dataSource.query(
      `INSERT INTO conversations.ticket_tags (ticket_id, tag_id)
       SELECT t.id, x.tag_id FROM unnest($1::uuid[], $2::int[]) AS x(ticket_uuid, tag_id) JOIN conversations.tickets t ON t.uuid = x.ticket_uuid`,
      [tagged.map((row) => row.ticket), tagged.map((row) => row.tag)],
    );
    await t.dataSource.query('ANALYZE');
  }

  /** Every ticket as stored, read plainly: what the reference filters. */
  async function readStored(): Promise<StoredTicket[]> {
    const rows: {
      id: number;
      company_id: number;
      status: StoredTicket['status'];
      queue_id: number | null;
      user_id: number | null;
      unread_messages: number;
      last_message: string;
      updated_ms: number;
      name: string;
      number: string | null;
      tag_ids: number[];
      bodies: string[];
    }[] = await t.dataSource.query(
      `SELECT t.id, t.company_id, t.status, t.queue_id, t.user_id, t.unread_messages, t.last_message,
              (extract(epoch FROM t.updated_at) * 1000)::float8 AS updated_ms, c.name, c.number,
              COALESCE((SELECT array_agg(tt.tag_id) FROM conversations.ticket_tags tt WHERE tt.ticket_id = t.id), '{}') AS tag_ids,
              COALESCE((SELECT array_agg(m.body) FROM conversations.messages m WHERE m.ticket_id = t.id), '{}') AS bodies
         FROM conversations.tickets t JOIN conversations.contacts c ON c.id = t.contact_id`,
    );
    return rows.map((row) => ({
      id: row.id,
      companyId: row.company_id,
      status: row.status,
      queueId: row.queue_id,
      userId: row.user_id,
      unreadMessages: row.unread_messages,
      tagIds: row.tag_ids,
      contactName: row.name,
      contactNumber: row.number,
      lastMessage: row.last_message,
      bodies: row.bodies,
      updatedAtMs: row.updated_ms,
    }));
  }

  beforeAll(async () => {
    t = await startConversationsTestApp();
    const s = new InboxScenario(t);
    for (const companyId of [MATRIX_COMPANY, OTHER_COMPANY]) {
      queueIds[companyId] = {
        Q1: await s.queue(companyId, 'Vendas', '#ff0000'),
        Q2: await s.queue(companyId, 'Suporte', '#00ff00'),
        Q3: await s.queue(companyId, 'Financeiro', '#0000ff'),
      };
      const tags: { id: number; name: TagName }[] = await t.dataSource.query(
        `INSERT INTO conversations.tags (company_id, name, color) SELECT $1, n, '#888888' FROM unnest($2::text[]) n RETURNING id, name`,
        [companyId, ['T1', 'T2', 'T3']],
      );
      tagIds[companyId] = Object.fromEntries(tags.map((tag) => [tag.name, tag.id])) as Record<TagName, number>;
      await s.connection({ id: CONNECTION[companyId]!, companyId, name: `Principal ${companyId}` });
    }
    for (const user of Object.values(MATRIX_USERS)) {
      await s.user({
        id: user.id,
        companyId: MATRIX_COMPANY,
        name: user.name,
        profile: user.profile,
        queueIds: user.queues.map((q) => queueIds[MATRIX_COMPANY]![q]),
      });
    }
    const seeded = seedTickets(chosen);
    withoutWitness = seeded.withoutWitness;
    await seed(seeded.tickets);
    stored = await readStored();
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  async function list(viewer: ListViewer, query: Record<string, string | number>): Promise<TicketListResponse | string> {
    const response = await api()
      .get('/api/tickets')
      .query(query)
      .set({ Authorization: `Bearer ${tokenOf(viewer)}` });
    if (response.status !== 200) return `HTTP ${response.status} ${JSON.stringify(response.body)}`;
    return expectAnswer(ticketListResponseSchema, response);
  }

  /** What differs between a page's answer and the reference's slice (null when they agree). */
  function differs(answer: TicketListResponse | string, expected: number[], from: number): string | null {
    if (typeof answer === 'string') return answer;
    const ids = answer.tickets.map((ticket) => ticket.id);
    const want = expected.slice(from, from + PAGE);
    const hasMore = expected.length > from + PAGE;
    if (JSON.stringify(ids) !== JSON.stringify(want)) return `ids ${JSON.stringify(ids)} instead of ${JSON.stringify(want)}`;
    if (answer.hasMore !== hasMore) return `hasMore ${answer.hasMore} instead of ${hasMore}`;
    if (answer.nextTicketId !== (hasMore ? want.at(-1) : null)) return `nextTicketId ${answer.nextTicketId}`;
    return null;
  }

  it('the seeded data holds what each way of searching needs', () => {
    const company = stored.filter((ticket) => ticket.companyId === MATRIX_COMPANY);
    const messagesWithTexto = company.flatMap((ticket) => ticket.bodies).filter((body) => body.includes('texto')).length;
    const clientes = company.filter((ticket) => ticket.contactName.toLowerCase().includes('cliente')).length;
    // A word in more messages than the indexes are asked for, and a name held by more contacts than go as constants.
    expect(messagesWithTexto).toBeGreaterThan(SEARCH_INDEX_CAP);
    expect(clientes).toBeGreaterThan(SEARCH_CONTACTS_WALKED);
    // The other company holds tickets every term and filter would match.
    expect(stored.filter((ticket) => ticket.companyId === OTHER_COMPANY).length).toBe(150);
  });

  it('a user with queues, and an admin narrowing by queue, can search (each kind of term)', async () => {
    const bruno = viewerOf('user2');
    const admin = viewerOf('admin');
    const q1 = queueIds[MATRIX_COMPANY]!.Q1;
    for (const term of Object.values(SEARCH_TERMS)) {
      const asUser = await list(bruno, { pageNumber: 1, searchParam: term });
      expect(
        differs(
          asUser,
          expectedIds(stored, bruno, { showAll: false, queueIds: [], users: [], tags: [], withUnreadMessages: false, searchParam: term }),
          0,
        ),
      ).toBeNull();
      const byQueue = await list(admin, { searchParam: term, queueIds: `[${q1}]` });
      expect(
        differs(
          byQueue,
          expectedIds(stored, admin, { showAll: false, queueIds: [q1], users: [], tags: [], withUnreadMessages: false, searchParam: term }),
          0,
        ),
      ).toBeNull();
    }
  }, 120_000);

  it('every combination answers the ids of the plain rules, in order, on page 1 and on the next page by cursor and by number', async () => {
    const repository = t.app.get(TicketRepository);
    const covered = new Set(chosen.flatMap(pairsOf));
    expect(covered.size).toBe(everyPair().size);
    const failures: string[] = [];
    let found = 0;
    let paged = 0;
    let calls = 0;
    let walkAnswered = 0;
    let strategyChecks = 0;
    // Four combinations at a time (reads only): the list's round trips overlap, as several agents' would.
    const next = chosen.values();
    const check = async (combination: Combination) => {
      const viewer = viewerOf(combination.viewer);
      const query = queryOf(combination);
      const expected = expectedIds(stored, viewer, listQueryOf(combination));
      const fail = (what: string, why: string) => failures.push(`${JSON.stringify(combination)} ${what}: ${why}`);
      if (expected.length > 0) found++;
      const first = await list(viewer, { ...query, pageNumber: 1 });
      calls++;
      const firstDiff = differs(first, expected, 0);
      if (firstDiff) fail('page 1', firstDiff);
      let cursor: { nextUpdatedAt: string; nextTicketId: number } | null = null;
      if (!firstDiff && typeof first !== 'string' && first.hasMore) {
        paged++;
        cursor = { nextUpdatedAt: first.nextUpdatedAt!, nextTicketId: first.nextTicketId! };
        const byCursor = await list(viewer, { ...query, ...cursor });
        const byNumber = await list(viewer, { ...query, pageNumber: 2 });
        calls += 2;
        const cursorDiff = differs(byCursor, expected, PAGE);
        if (cursorDiff) fail('page 2 by cursor', cursorDiff);
        const numberDiff = differs(byNumber, expected, PAGE);
        if (numberDiff) fail('page 2 by pageNumber', numberDiff);
      }
      // The hedged search answers by whichever way comes first: each way alone must give the same page.
      const term = combination.term;
      if (term && term.trim().length >= TRIGRAM_SEARCH_MIN_LENGTH) {
        const scoped: ScopedViewer = { ...viewer, super: false };
        const starts: [string, Record<string, string | number>, number][] = [['page 1', {}, 0]];
        if (cursor) starts.push(['page 2 by cursor', cursor, PAGE]);
        for (const [what, extra, from] of starts) {
          const filter: TicketListFilter = {
            ...ticketListQuerySchema.parse({ ...query, ...extra }),
            showAllAllowed: combination.showAll && viewer.profile !== 'user',
          };
          const start = pageStart(filter);
          const want = expected.slice(from, from + PAGE + 1);
          const walked = await repository.searchByWalking(scoped, filter, start, term).catch((error: Error) => error.message);
          const indexed = await repository.searchByIndexes(scoped, filter, start, term, PAGE + 1).catch((error: Error) => error.message);
          strategyChecks += 2;
          if (walked) walkAnswered++;
          if (walked && JSON.stringify(walked) !== JSON.stringify(want)) fail(`${what} by walking`, JSON.stringify(walked));
          if (JSON.stringify(indexed) !== JSON.stringify(want)) fail(`${what} by the indexes`, JSON.stringify(indexed));
        }
      }
    };
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (const combination of next) await check(combination);
      }),
    );
    console.log(
      `ticket list matrix: ${chosen.length} combinations (every pair of ${covered.size} filter-value pairs), ` +
        `${found} with tickets to find (${withoutWitness} where the rules leave none possible), ${paged} with a second page; ` +
        `${calls} list calls, ${strategyChecks} search-strategy checks (the walk answered ${walkAnswered}); ${failures.length} failures`,
    );
    expect(chosen.length).toBeGreaterThanOrEqual(500);
    expect(failures.slice(0, 15)).toEqual([]);
  }, 900_000);
});
