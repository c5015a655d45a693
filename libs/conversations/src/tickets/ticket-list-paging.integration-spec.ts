import { type MessageListResponse, messageListResponseSchema, type Ticket, ticketListResponseSchema } from '@app/contracts';
import { changedRows } from '@app/platform';
import { expectAnswer } from '@app/platform/testing';
import request from 'supertest';

import { type ConversationsTestApp, startConversationsTestApp } from '../testing/conversations-test-app';
import { anInboundText } from '../testing/fixtures';
import { InboxScenario } from '../testing/inbox-scenario';

// Its tests walk lists of 1,200 tickets page by page (dozens of requests each): 5 s was missed in
// clean-clone runs with browser journeys beside it, which is load, not a slow page.
jest.setTimeout(30_000);

const A = 1;
const CONN = 10;
const CLOSED = 130;

/**
 * The ticket list pages by a keyset cursor (the last row's updatedAt and id): a page starts where the
 * one before ended, whatever the depth and whatever changed meanwhile.
 */
describe('ticket list and message pages by cursor', () => {
  let t: ConversationsTestApp;
  let s: InboxScenario;
  let sales: number;
  let support: number;
  const admin = () => t.token({ userId: 1, companyId: A, profile: 'admin' });
  const ana = () => t.token({ userId: 2, companyId: A, profile: 'user' }); // queue: sales
  const api = () => request(t.http);
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });

  async function list(token: string, query: Record<string, string | number>) {
    return expectAnswer(ticketListResponseSchema, await api().get('/api/tickets').query(query).set(as(token)).expect(200));
  }

  /** Every page of a list, following the cursors; `between` runs after each page. */
  async function scroll(token: string, query: Record<string, string | number>, between: (page: number) => Promise<void> = async () => {}) {
    const seen: Ticket[] = [];
    let cursor: Record<string, string | number> = {};
    for (let page = 1; ; page++) {
      const answer = await list(token, { ...query, ...cursor });
      seen.push(...answer.tickets);
      if (!answer.hasMore) {
        expect(answer.nextTicketId).toBeNull();
        return seen;
      }
      cursor = { nextUpdatedAt: answer.nextUpdatedAt!, nextTicketId: answer.nextTicketId! };
      expect(cursor.nextTicketId).toBe(answer.tickets.at(-1)!.id);
      await between(page);
    }
  }

  beforeAll(async () => {
    t = await startConversationsTestApp();
    s = new InboxScenario(t);
    sales = await s.queue(A, 'Vendas', '#ff0000');
    support = await s.queue(A, 'Suporte', '#00ff00');
    await s.user({ id: 1, companyId: A, name: 'Admin', profile: 'admin' });
    await s.user({ id: 2, companyId: A, name: 'Ana', queueIds: [sales] });
    await s.connection({ id: CONN, companyId: A, name: 'Principal' });
    await s.inbound(A, CONN, anInboundText('5511977770000', 'primeira'));
    // Closed tickets in three queues (and none), several in one millisecond: ties go by id.
    await t.dataSource.query(
      `INSERT INTO conversations.contacts (uuid, company_id, name, number)
         SELECT gen_random_uuid(), $1, 'Fechado ' || g, (5511966000000 + g)::text FROM generate_series(1, $2) g`,
      [A, CLOSED],
    );
    await t.dataSource.query(
      `INSERT INTO conversations.tickets (uuid, company_id, contact_id, whatsapp_id, status, queue_id, user_id, updated_at)
         SELECT gen_random_uuid(), $1, c.id, $2, 'closed',
                CASE c.id % 4 WHEN 0 THEN $3::int WHEN 1 THEN $4::int WHEN 2 THEN NULL ELSE $3::int END,
                CASE WHEN c.id % 9 = 0 THEN 2 END,
                '2026-01-01T00:00:00Z'::timestamptz + ((c.id / 3) || ' milliseconds')::interval
           FROM conversations.contacts c WHERE c.company_id = $1 AND c.name LIKE 'Fechado %'`,
      [A, CONN, sales, support],
    );
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('a scroll by cursor returns every ticket once, newest first, as the offset pages did', async () => {
    const byCursor = await scroll(admin(), { status: 'closed', showAll: 'true' });
    expect(byCursor).toHaveLength(CLOSED);
    expect(new Set(byCursor.map((ticket) => ticket.id)).size).toBe(CLOSED);
    const byPage: number[] = [];
    for (let pageNumber = 1; ; pageNumber++) {
      const answer = await list(admin(), { status: 'closed', showAll: 'true', pageNumber });
      byPage.push(...answer.tickets.map((ticket) => ticket.id));
      if (!answer.hasMore) break;
    }
    expect(byCursor.map((ticket) => ticket.id)).toEqual(byPage);
  });

  it('tickets updated during the scroll neither push others into a skip nor show twice', async () => {
    const updated = new Set<number>();
    const seen = await scroll(admin(), { status: 'closed', showAll: 'true' }, async () => {
      // Two tickets further down the list get news (they move to the top, where their live event puts them).
      const moved = changedRows<{ id: number }>(
        await t.dataSource.query(
          `UPDATE conversations.tickets SET updated_at = now() WHERE id IN (
           SELECT id FROM conversations.tickets WHERE company_id = $1 AND status = 'closed' AND NOT (id = ANY($2::int[]))
           ORDER BY updated_at ASC, id ASC LIMIT 2) RETURNING id`,
          [A, [...updated]],
        ),
      );
      moved.forEach((row) => updated.add(row.id));
    });
    const ids = seen.map((ticket) => ticket.id);
    expect(new Set(ids).size).toBe(ids.length);
    const all: { id: number }[] = await t.dataSource.query(
      `SELECT id FROM conversations.tickets WHERE company_id = $1 AND status = 'closed'`,
      [A],
    );
    const untouched = all.map((row) => row.id).filter((id) => !updated.has(id));
    expect(ids.filter((id) => !updated.has(id)).sort((a, b) => a - b)).toEqual(untouched.sort((a, b) => a - b));
    expect(updated.size).toBeGreaterThan(4);
    expect(ids.some((id) => updated.has(id))).toBe(false);
  });

  it("a user's list by queue holds exactly the tickets the user may see, in order, at every depth", async () => {
    const seen = await scroll(ana(), { status: 'closed' });
    const expected: { id: number }[] = await t.dataSource.query(
      `SELECT id FROM conversations.tickets WHERE company_id = $1 AND status = 'closed' AND (queue_id = $2 OR queue_id IS NULL OR user_id = 2)
        ORDER BY updated_at DESC, id DESC`,
      [A, sales],
    );
    expect(seen.map((ticket) => ticket.id)).toEqual(expected.map((row) => row.id));
    const supportOnly = await scroll(admin(), { status: 'closed', showAll: 'true', queueIds: JSON.stringify([support]) });
    expect(supportOnly.every((ticket) => ticket.queueId === support || ticket.queueId === null)).toBe(true);
    expect(supportOnly.some((ticket) => ticket.queueId === support)).toBe(true);
  });

  it('a search finds a common word by walking the list and a rare one (past the walk) through the indexes, page by page', async () => {
    // Enough tickets that a rare word lies beyond the walk: 1,200 older ones, each with a message.
    await t.dataSource.query(
      `WITH c AS (
         INSERT INTO conversations.contacts (uuid, company_id, name, number)
         SELECT gen_random_uuid(), $1, 'Antigo ' || g, (5511955000000 + g)::text FROM generate_series(1, 1200) g RETURNING id
       ), tk AS (
         INSERT INTO conversations.tickets (uuid, company_id, contact_id, whatsapp_id, status, updated_at)
         SELECT gen_random_uuid(), $1, c.id, $2, 'closed', '2025-01-01T00:00:00Z'::timestamptz - (c.id || ' seconds')::interval FROM c
         RETURNING id, contact_id
       )
       INSERT INTO conversations.messages (company_id, ticket_id, contact_id, whatsapp_id, wid, body, from_me)
       SELECT $1, tk.id, tk.contact_id, $2, 'OLD' || tk.id, CASE WHEN tk.id % 1000 = 7 THEN 'pedido raríssimo' ELSE 'bom dia' END, false FROM tk`,
      [A, CONN],
    );
    const rare: { id: number }[] = await t.dataSource.query(
      `SELECT DISTINCT t.id, t.updated_at FROM conversations.tickets t JOIN conversations.messages m ON m.ticket_id = t.id
        WHERE m.body = 'pedido raríssimo' ORDER BY t.updated_at DESC, t.id DESC`,
    );
    expect(rare.length).toBeGreaterThan(0);
    const found = await scroll(admin(), { searchParam: 'raríssimo' });
    expect(found.map((ticket) => ticket.id)).toEqual(rare.map((row) => row.id));
    const common = await scroll(admin(), { searchParam: 'bom dia' });
    expect(common).toHaveLength(1200 - rare.length);
    expect(new Set(common.map((ticket) => ticket.id)).size).toBe(1200 - rare.length);

    // A phrase of a common word and a rare one is looked up by its rare word and checked whole; a
    // contact's name past the walk is found through the contacts' index.
    const [oldest, other] = (
      await t.dataSource.query(
        `SELECT t.id, t.contact_id FROM conversations.tickets t JOIN conversations.contacts c ON c.id = t.contact_id
          WHERE c.name LIKE 'Antigo %' ORDER BY t.updated_at, t.id LIMIT 2`,
      )
    ).map((row: { id: number; contact_id: number }) => row);
    await t.dataSource.query(
      `INSERT INTO conversations.messages (company_id, ticket_id, contact_id, whatsapp_id, wid, body, from_me)
       VALUES ($1, $2, $3, $4, 'PHRASE1', 'o pedido 4242 chegou', false), ($1, $5, $6, $4, 'PHRASE2', 'nota 4242', false)`,
      [A, oldest.id, oldest.contact_id, CONN, other.id, other.contact_id],
    );
    expect((await scroll(admin(), { searchParam: 'pedido 4242' })).map((ticket) => ticket.id)).toEqual([oldest.id]);
    expect((await scroll(admin(), { searchParam: '4242' })).map((ticket) => ticket.id).sort()).toEqual([oldest.id, other.id].sort());
    const named = await scroll(admin(), { searchParam: 'antigo 1199' });
    expect(named.map((ticket) => ticket.contact.name)).toEqual(['Antigo 1199']);
    // A name that 1,200 contacts hold: the pages past the walk test each ticket against them all.
    const everyOld: { id: number }[] = await t.dataSource.query(
      `SELECT t.id FROM conversations.tickets t JOIN conversations.contacts c ON c.id = t.contact_id
        WHERE c.name LIKE 'Antigo %' ORDER BY t.updated_at DESC, t.id DESC`,
    );
    expect((await scroll(admin(), { searchParam: 'antigo' })).map((ticket) => ticket.id)).toEqual(everyOld.map((row) => row.id));
  });

  it('a cursor is the updatedAt and id together, as an ISO date-time', async () => {
    const half = await api().get('/api/tickets').query({ nextTicketId: 5 }).set(as(admin()));
    expect(half.status).toBe(400);
    const bad = await api().get('/api/tickets').query({ nextUpdatedAt: 'ontem', nextTicketId: 5 }).set(as(admin()));
    expect(bad.status).toBe(400);
  });

  it('the message page goes to older messages by nextId', async () => {
    const number = '5511977770001';
    for (let i = 1; i <= 45; i++) await s.inbound(A, CONN, anInboundText(number, `mensagem ${i}`));
    const ticket = await s.ticketOf(number);
    const bodies: string[] = [];
    let nextId: number | null = null;
    do {
      const answer: MessageListResponse = expectAnswer(
        messageListResponseSchema,
        await api()
          .get(`/api/messages/${ticket.id}`)
          .query(nextId === null ? {} : { nextId })
          .set(as(admin()))
          .expect(200),
      );
      bodies.unshift(...answer.messages.map((message) => message.body));
      nextId = answer.nextId;
      if (answer.hasMore) expect(nextId).toBe(answer.messages[0]!.id);
    } while (nextId !== null);
    expect(bodies).toEqual(Array.from({ length: 45 }, (_, i) => `mensagem ${i + 1}`));
    // A cursor naming another company's message is no place in this conversation: no page.
    await s.connection({ id: 20, companyId: 2, name: 'Outra' });
    await s.inbound(2, 20, anInboundText('5511977770002', 'de outra empresa'));
    const [foreign] = await t.dataSource.query(`SELECT id FROM conversations.messages WHERE body = 'de outra empresa'`);
    const probed = expectAnswer(
      messageListResponseSchema,
      await api().get(`/api/messages/${ticket.id}`).query({ nextId: foreign.id }).set(as(admin())).expect(200),
    );
    expect(probed.messages).toEqual([]);
  });

  describe('the page around a message (a search opening the chat at what it found)', () => {
    const number = '5511977770003';
    let ticketId: number;
    const idOf = async (body: string): Promise<number> =>
      ((await t.dataSource.query(`SELECT id FROM conversations.messages WHERE body = $1`, [body])) as { id: number }[])[0]!.id;
    const page = async (query: Record<string, number | string>, token = admin()) =>
      expectAnswer(messageListResponseSchema, await api().get(`/api/messages/${ticketId}`).query(query).set(as(token)).expect(200));

    beforeAll(async () => {
      for (let i = 1; i <= 45; i++) await s.inbound(A, CONN, anInboundText(number, i === 20 ? 'pedido 4242 chegou?' : `texto ${i}`));
      await s.inbound(A, CONN, anInboundText('5511977770005', 'outra conversa'));
      ticketId = (await s.ticketOf(number)).id;
    });

    it('holds some older and some newer messages, with the cursors to page both ways to either end', async () => {
      const around = await page({ aroundId: await idOf('pedido 4242 chegou?') });
      const bodies = around.messages.map((message) => message.body);
      expect(bodies).toEqual([
        ...Array.from({ length: 10 }, (_, i) => `texto ${i + 10}`),
        'pedido 4242 chegou?',
        ...Array.from({ length: 9 }, (_, i) => `texto ${i + 21}`),
      ]);
      expect(around).toMatchObject({ hasMore: true, nextId: around.messages[0]!.id, hasNewer: true, newerId: around.messages.at(-1)!.id });

      let newerId = around.newerId;
      while (newerId !== null) {
        const newer = await page({ newerId });
        bodies.push(...newer.messages.map((message) => message.body));
        newerId = newer.newerId;
        if (newer.hasNewer) expect(newerId).toBe(newer.messages.at(-1)!.id);
      }
      let nextId = around.nextId;
      while (nextId !== null) {
        const older = await page({ nextId });
        bodies.unshift(...older.messages.map((message) => message.body));
        nextId = older.nextId;
      }
      expect(bodies).toEqual(Array.from({ length: 45 }, (_, i) => (i === 19 ? 'pedido 4242 chegou?' : `texto ${i + 1}`)));
    });

    it("answers 404 for another company's message, another conversation's, or another company's ticket; 400 for a bad id", async () => {
      await s.connection({ id: 21, companyId: 2, name: 'Outra B' });
      await s.inbound(2, 21, anInboundText('5511977770004', 'de outra empresa B'));
      const foreign = await idOf('de outra empresa B');
      const foreignTicket = (await s.ticketOf('5511977770004')).id;
      const otherConversation = await idOf('outra conversa');

      const ask = (id: number | string, query: Record<string, number | string>, token = admin()) =>
        api().get(`/api/messages/${id}`).query(query).set(as(token));
      expect((await ask(ticketId, { aroundId: foreign })).status).toBe(404);
      expect((await ask(ticketId, { aroundId: otherConversation })).status).toBe(404);
      const otherCompany = t.token({ userId: 1, companyId: 2, profile: 'admin' });
      expect((await ask(ticketId, { aroundId: await idOf('texto 5') }, otherCompany)).status).toBe(404);
      expect((await ask(foreignTicket, { aroundId: foreign })).status).toBe(404);
      expect((await ask(ticketId, { aroundId: 'abc' })).status).toBe(400);
      expect((await ask(ticketId, { aroundId: -3 })).status).toBe(400);
      expect((await ask(ticketId, { newerId: 'abc' })).status).toBe(400);
      // A newer cursor naming another company's message is no place in this conversation: no page.
      expect((await page({ newerId: foreign })).messages).toEqual([]);
    });

    it('a search finding a ticket by a message names that message; one found by its number names none', async () => {
      const byText = await list(admin(), { searchParam: 'pedido 4242', showAll: 'true' });
      expect(byText.tickets.find((ticket) => ticket.id === ticketId)?.matchedMessageId).toBe(await idOf('pedido 4242 chegou?'));
      const byNumber = await list(admin(), { searchParam: number, showAll: 'true' });
      expect(byNumber.tickets.find((ticket) => ticket.id === ticketId)?.matchedMessageId).toBeNull();
      const plain = await list(admin(), { showAll: 'true' });
      expect(plain.tickets.every((ticket) => ticket.matchedMessageId === undefined)).toBe(true);
    });
  });
});
