import { KANBAN_PAGE_SIZE, kanbanResponseSchema, tagSchema, ticketTagResponseSchema, ticketUpdated } from '@app/contracts';
import { readEvent } from '@app/platform';
import { expectAnswer, expectErrorAnswer, waitFor } from '@app/platform/testing';
import request from 'supertest';

import { type ConversationsTestApp, startConversationsTestApp } from '../testing/conversations-test-app';
import { anInboundText } from '../testing/fixtures';
import { InboxScenario } from '../testing/inbox-scenario';

const A = 1;
const B = 2;
const KANBAN = ['useKanban' as const];

/** The kanban board (spec 2): lanes by kanban tag for the tickets the caller may see, moves that swap only the kanban tag. */
describe('the kanban board over HTTP', () => {
  let t: ConversationsTestApp;
  let s: InboxScenario;
  let sales: number;
  let support: number;
  let proposal: number;
  let closing: number;
  let vip: number;
  const admin = () => t.token({ userId: 1, companyId: A, profile: 'admin', plan: KANBAN });
  const ana = () => t.token({ userId: 2, companyId: A, profile: 'user', plan: KANBAN });
  const outsider = () => t.token({ userId: 20, companyId: B, profile: 'admin', plan: KANBAN });
  const api = () => request(t.http);
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const tag = async (token: string, name: string, kanban: 0 | 1) =>
    expectAnswer(tagSchema, await api().post('/api/tags').set(as(token)).send({ name, kanban }).expect(201)).id;
  /** A customer's ticket on the company's connection, in the queue given. */
  const ticket = async (companyId: number, number: string, queueId: number | null, status: 'pending' | 'open' | 'closed' = 'pending') => {
    await s.inbound(companyId, companyId === A ? 10 : 11, anInboundText(number, `Oi de ${number}`));
    const { id } = await s.ticketOf(number);
    await t.dataSource.query(`UPDATE conversations.tickets SET queue_id = $2, status = $3 WHERE id = $1`, [id, queueId, status]);
    return id;
  };
  const lane = async (token: string, query: Record<string, string | number> = {}) =>
    expectAnswer(kanbanResponseSchema, await api().get('/api/ticket/kanban').query(query).set(as(token)).expect(200));
  const ids = async (token: string, query: Record<string, string | number> = {}) =>
    (await lane(token, query)).tickets.map((card) => card.id);

  let inSales: number;
  let inSupport: number;
  let noQueue: number;
  let closed: number;
  let theirs: number;
  let theirTag: number;

  beforeAll(async () => {
    t = await startConversationsTestApp();
    s = new InboxScenario(t);
    sales = await s.queue(A, 'Vendas', '#111111');
    support = await s.queue(A, 'Suporte', '#222222');
    await s.user({ id: 1, companyId: A, name: 'Admin', profile: 'admin' });
    await s.user({ id: 2, companyId: A, name: 'Ana', queueIds: [sales] });
    await s.user({ id: 20, companyId: B, name: 'Outra', profile: 'admin' });
    await s.connection({ id: 10, companyId: A });
    await s.connection({ id: 11, companyId: B });
    proposal = await tag(admin(), 'Proposta', 1);
    closing = await tag(admin(), 'Fechamento', 1);
    vip = await tag(admin(), 'VIP', 0);
    theirTag = await tag(outsider(), 'Deles', 1);
    inSales = await ticket(A, '5511900010001', sales);
    inSupport = await ticket(A, '5511900010002', support, 'open');
    noQueue = await ticket(A, '5511900010003', null);
    closed = await ticket(A, '5511900010004', sales, 'closed');
    theirs = await ticket(B, '5511900010005', null);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('without useKanban in the plan every kanban call answers 403 ERR_PLAN_FEATURE_DISABLED', async () => {
    const plain = t.token({ userId: 1, companyId: A, profile: 'admin' });
    expectErrorAnswer(await api().get('/api/ticket/kanban').set(as(plain)).expect(403), 'ERR_PLAN_FEATURE_DISABLED');
    expectErrorAnswer(await api().put(`/api/ticket-tags/${inSales}/${proposal}`).set(as(plain)).expect(403), 'ERR_PLAN_FEATURE_DISABLED');
    expectErrorAnswer(await api().delete(`/api/ticket-tags/${inSales}`).set(as(plain)).expect(403), 'ERR_PLAN_FEATURE_DISABLED');
  });

  it("'Em aberto' holds the live tickets without a kanban tag; a kanban tag's lane its own; closed tickets are on no lane", async () => {
    await api()
      .post('/api/tags/sync')
      .set(as(admin()))
      .send({ ticketId: noQueue, tags: [{ id: vip }] })
      .expect(200);
    await api().put(`/api/ticket-tags/${inSupport}/${proposal}`).set(as(admin())).expect(200);
    expect((await ids(admin())).sort()).toEqual([inSales, noQueue].sort());
    expect(await ids(admin(), { tagId: proposal })).toEqual([inSupport]);
    expect(await ids(admin(), { tagId: closing })).toEqual([]);
    expect(await ids(admin())).not.toContain(closed);
    const [card] = (await lane(admin(), { tagId: proposal })).tickets;
    expect(card).toMatchObject({ id: inSupport, contact: { number: '5511900010002' }, lastMessage: 'Oi de 5511900010002' });
    expect(card!.tags.map((x) => x.name)).toEqual(['Proposta']);
    // An ordinary tag is no lane.
    expectErrorAnswer(await api().get('/api/ticket/kanban').query({ tagId: vip }).set(as(admin())).expect(404), 'ERR_NOT_FOUND');
  });

  it("moving a card swaps only its kanban tag; its ordinary tags stay, and the ticket's event carries them", async () => {
    await api()
      .post('/api/tags/sync')
      .set(as(admin()))
      .send({ ticketId: inSales, tags: [{ id: vip }, { id: proposal }] })
      .expect(200);
    const moved = expectAnswer(
      ticketTagResponseSchema,
      await api().put(`/api/ticket-tags/${inSales}/${closing}`).set(as(ana())).expect(200),
    );
    expect(moved.tags.map((x) => x.name)).toEqual(['Fechamento', 'VIP']);
    expect(await ids(admin(), { tagId: closing })).toEqual([inSales]);
    expect(await ids(admin(), { tagId: proposal })).not.toContain(inSales);
    await waitFor(
      () =>
        t.events.some((e) => {
          const updated = readEvent(ticketUpdated, e);
          return updated?.ticket.id === inSales && updated.ticket.tags.map((x) => x.name).join() === 'Fechamento,VIP';
        }),
      { what: 'the moved ticket announced with its tags' },
    );

    const back = expectAnswer(ticketTagResponseSchema, await api().delete(`/api/ticket-tags/${inSales}`).set(as(ana())).expect(200));
    expect(back.tags.map((x) => x.name)).toEqual(['VIP']);
    expect(await ids(admin())).toContain(inSales);
    // An ordinary tag put through the same route is added, the lane kept.
    await api().put(`/api/ticket-tags/${inSupport}/${vip}`).set(as(admin())).expect(200);
    expect(await ids(admin(), { tagId: proposal })).toEqual([inSupport]);
  });

  it("a user's board holds the tickets of the user's queues and those without one; others' cards cannot be moved", async () => {
    expect((await ids(ana())).sort()).toEqual([inSales, noQueue].sort());
    expect(await ids(ana(), { tagId: proposal })).toEqual([]);
    expectErrorAnswer(await api().put(`/api/ticket-tags/${inSupport}/${closing}`).set(as(ana())).expect(403), 'ERR_TICKET_NOT_ALLOWED');
    expectErrorAnswer(await api().delete(`/api/ticket-tags/${inSupport}`).set(as(ana())).expect(403), 'ERR_TICKET_NOT_ALLOWED');
    // queueIds narrows the admin's board to those queues (and tickets without a queue).
    expect((await ids(admin(), { queueIds: JSON.stringify([sales]) })).sort()).toEqual([inSales, noQueue].sort());
  });

  it("another company's ticket or tag answers 404 on every kanban route, and nothing changes", async () => {
    expectErrorAnswer(await api().put(`/api/ticket-tags/${theirs}/${proposal}`).set(as(admin())).expect(404), 'ERR_NO_TICKET_FOUND');
    expectErrorAnswer(await api().delete(`/api/ticket-tags/${theirs}`).set(as(admin())).expect(404), 'ERR_NO_TICKET_FOUND');
    expectErrorAnswer(await api().put(`/api/ticket-tags/${inSales}/${theirTag}`).set(as(admin())).expect(404), 'ERR_NOT_FOUND');
    expectErrorAnswer(await api().get('/api/ticket/kanban').query({ tagId: theirTag }).set(as(admin())).expect(404), 'ERR_NOT_FOUND');
    expect(await ids(outsider())).toEqual([theirs]);
    expect(await ids(admin())).not.toContain(theirs);
    const [row] = await t.dataSource.query(`SELECT count(*)::int AS n FROM conversations.ticket_tags WHERE ticket_id = $1`, [theirs]);
    expect(row.n).toBe(0);
  });

  it('a lane comes in pages by the cursor of its last card, most recent first, each card once', async () => {
    const many: number[] = [];
    for (let i = 0; i < KANBAN_PAGE_SIZE + 5; i += 1) {
      const id = await ticket(A, `55119000200${String(i).padStart(2, '0')}`, sales);
      await api().put(`/api/ticket-tags/${id}/${closing}`).set(as(admin())).expect(200);
      many.push(id);
    }
    // Distinct times, newest last created.
    await t.dataSource.query(
      `UPDATE conversations.tickets SET updated_at = now() - (1000 - id) * interval '1 second' WHERE id = ANY($1::int[])`,
      [many],
    );
    const first = await lane(admin(), { tagId: closing });
    expect(first.tickets).toHaveLength(KANBAN_PAGE_SIZE);
    expect(first.hasMore).toBe(true);
    const second = await lane(admin(), { tagId: closing, nextUpdatedAt: first.nextUpdatedAt!, nextTicketId: first.nextTicketId! });
    expect(second.hasMore).toBe(false);
    const seen = [...first.tickets, ...second.tickets].map((card) => card.id);
    expect(seen.filter((id) => many.includes(id))).toEqual([...many].reverse());
    expect(new Set(seen).size).toBe(seen.length);
  }, 30_000);
});
