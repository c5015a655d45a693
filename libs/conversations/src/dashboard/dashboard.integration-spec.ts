import { type DashboardResponse, dashboardResponseSchema } from '@app/contracts';
import request from 'supertest';

import { ExactTicketDurations1732500001331 } from '../migrations/1732500001331-exact-ticket-durations';
import { type ConversationsTestApp, startConversationsTestApp } from '../testing/conversations-test-app';
import { anInboundText } from '../testing/fixtures';
import { InboxScenario } from '../testing/inbox-scenario';
import { TicketStatsRepository } from './ticket-stats.repository';
import { STATS_BACKFILL_SQL } from './ticket-stats.repository';

const A = 1;
const B = 2;
const C = 3;
const E = 5;

/** Today (or `days` before) in the business time zone, as the rollup files it. */
const today = (days = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(Date.now() - days * 86_400_000));

/**
 * A duration exact to the second: the time a test moved a clock back by, plus at most the second or
 * two its own requests took since, less one when a timestamp kept to the millisecond (updated_at)
 * rounded up (a log-scale histogram put a 45 s answer at 49 s, issue 21).
 */
const near = (value: number | null, expected: number) => {
  expect(value).not.toBeNull();
  expect(value!).toBeGreaterThanOrEqual(expected - 1);
  expect(value!).toBeLessThanOrEqual(expected + 2);
};

describe('GET /dashboard: figures kept as tickets change', () => {
  let t: ConversationsTestApp;
  let s: InboxScenario;
  let sales: number;
  let support: number;
  const token = (userId: number, companyId = A, profile: 'admin' | 'user' = 'admin') => t.token({ userId, companyId, profile });
  const dashboard = async (auth: string, query = `dateFrom=${today()}&dateTo=${today()}`): Promise<DashboardResponse> => {
    const response = await request(t.http).get(`/api/dashboard?${query}`).set('Authorization', `Bearer ${auth}`).expect(200);
    return dashboardResponseSchema.parse(response.body);
  };
  const put = (ticketId: number, userId: number, body: object, companyId = A) =>
    request(t.http)
      .put(`/api/tickets/${ticketId}`)
      .set('Authorization', `Bearer ${token(userId, companyId)}`)
      .send(body)
      .expect(200);
  const reply = (ticketId: number, userId: number, body: string, companyId = A) =>
    request(t.http)
      .post(`/api/messages/${ticketId}`)
      .set('Authorization', `Bearer ${token(userId, companyId)}`)
      .send({ body })
      .expect(201);
  /** Moves a ticket's clock back: it was created (and became a human's) that many seconds ago. */
  const backdate = (ticketId: number, column: 'created_at' | 'human_ready_at', seconds: number) =>
    t.dataSource.query(`UPDATE conversations.tickets SET ${column} = now() - make_interval(secs => $2) WHERE id = $1`, [ticketId, seconds]);

  beforeAll(async () => {
    t = await startConversationsTestApp();
    s = new InboxScenario(t);
    sales = await s.queue(A, 'Vendas', '#ff0000', 'Bem-vindo a Vendas');
    support = await s.queue(A, 'Suporte', '#00ff00');
    await s.user({ id: 1, companyId: A, name: 'Admin', profile: 'admin' });
    await s.user({ id: 2, companyId: A, name: 'Bruna', profile: 'user', queueIds: [sales, support] });
    await s.user({ id: 3, companyId: A, name: 'Caio', profile: 'user', queueIds: [sales] });
    await s.user({ id: 9, companyId: B, name: 'Admin B', profile: 'admin' });
    // Connection 10 asks for a queue (the bot); connection 11 files into Suporte at once.
    await s.connection({ id: 10, companyId: A, queueIds: [sales, support], greetingMessage: 'Escolha' });
    await s.connection({ id: 11, companyId: A, queueIds: [support], isDefault: false });
    await s.connection({ id: 20, companyId: B });
    await s.setting(A, 'userRating', 'enabled');
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('times first responses from the hand-over, resolutions from creation, and keeps ratings, per user and queue', async () => {
    // 1. The bot holds the ticket 20 minutes; the customer picks Vendas; Bruna answers 5 minutes after
    //    that (not 25), resolves it, and the customer rates 4.
    await s.inbound(A, 10, anInboundText('5511933330001', 'Oi'));
    const botTicket = await s.ticketOf('5511933330001');
    expect((await t.dataSource.query(`SELECT human_ready_at FROM conversations.tickets WHERE id = $1`, [botTicket.id]))[0]).toEqual({
      human_ready_at: null,
    });
    await backdate(botTicket.id, 'created_at', 1500);
    await s.inbound(A, 10, anInboundText('5511933330001', '2')); // the menu lists Suporte, then Vendas
    expect((await s.ticketOf('5511933330001')).queue_id).toBe(sales);
    await backdate(botTicket.id, 'human_ready_at', 300);
    await put(botTicket.id, 2, { status: 'open', userId: 2 });
    await reply(botTicket.id, 2, 'Olá, sou a Bruna');
    await reply(botTicket.id, 2, 'Posso ajudar?');
    await put(botTicket.id, 2, { status: 'closed', userId: 2 });
    await s.inbound(A, 10, anInboundText('5511933330001', '4'));

    // 2. Straight into Suporte: Caio answers after 60 s and resolves after 2 hours; rated 2.
    await s.inbound(A, 11, anInboundText('5511933330002', 'Preciso de ajuda'));
    const direct = await s.ticketOf('5511933330002');
    await backdate(direct.id, 'created_at', 60);
    await backdate(direct.id, 'human_ready_at', 60);
    await put(direct.id, 3, { status: 'open', userId: 3 });
    await reply(direct.id, 3, 'Oi!');
    await backdate(direct.id, 'created_at', 7200);
    await put(direct.id, 3, { status: 'closed', userId: 3 });
    await s.inbound(A, 11, anInboundText('5511933330002', '2'));

    // 3. Still waiting in Suporte, and one open with Bruna that nobody answered yet.
    await s.inbound(A, 11, anInboundText('5511933330003', 'Alô?'));
    await s.inbound(A, 11, anInboundText('5511933330004', 'Bom dia'));
    await put((await s.ticketOf('5511933330004')).id, 2, { status: 'open', userId: 2 });

    const figures = await dashboard(token(1));
    expect(figures.totals).toMatchObject({ created: 4, resolved: 2 });
    expect(figures.totals.firstResponse.count).toBe(2);
    expect(figures.totals.resolution.count).toBe(2);
    expect(figures.totals.rating).toEqual({ count: 2, average: 3, distribution: [0, 1, 0, 1, 0], satisfied: 0.5 });
    expect(figures.live).toEqual([
      { queueId: support, status: 'open', count: 1 },
      { queueId: support, status: 'pending', count: 1 },
    ]);
    expect(figures.days).toEqual([{ day: today(), created: 4, resolved: 2, backlog: 2 }]);

    const bruna = figures.byUser.find((row) => row.userId === 2)!;
    expect(bruna).toMatchObject({ name: 'Bruna', resolved: 1, firstResponse: { count: 1 }, rating: { count: 1, average: 4 } });
    near(bruna.firstResponse.p50, 300);
    near(bruna.resolution.p50, 1500);
    const caio = figures.byUser.find((row) => row.userId === 3)!;
    expect(caio).toMatchObject({ name: 'Caio', resolved: 1, firstResponse: { count: 1 }, rating: { count: 1, average: 2 } });
    near(caio.firstResponse.p50, 60);
    near(caio.resolution.p90, 7200);
    expect(figures.byUser.map((row) => row.userId)).toEqual([2, 3]);

    const byQueue = new Map(figures.byQueue.map((row) => [row.queueId, row]));
    // The bot's ticket was new without a queue; it was answered and resolved in Vendas.
    expect(byQueue.get(null)).toMatchObject({ name: '', created: 1, resolved: 0 });
    expect(byQueue.get(sales)).toMatchObject({ name: 'Vendas', created: 0, resolved: 1, firstResponse: { count: 1 } });
    expect(byQueue.get(support)).toMatchObject({ name: 'Suporte', created: 3, resolved: 1, firstResponse: { count: 1 } });

    // Filters narrow every figure: a queue, a user.
    const supportOnly = await dashboard(token(1), `dateFrom=${today()}&dateTo=${today()}&queueId=${support}`);
    expect(supportOnly.totals).toMatchObject({ created: 3, resolved: 1 });
    near(supportOnly.totals.firstResponse.p50, 60);
    expect(supportOnly.live.reduce((sum, row) => sum + row.count, 0)).toBe(2);
    const brunaOnly = await dashboard(token(1), `dateFrom=${today()}&dateTo=${today()}&userId=2`);
    expect(brunaOnly.totals).toMatchObject({ resolved: 1, firstResponse: { count: 1 } });
    expect(brunaOnly.live).toEqual([{ queueId: support, status: 'open', count: 1 }]);
  });

  it('a 45 s first response is a 45 s median and p90, over the whole range (not the 49 s and 55 s of a histogram bucket)', async () => {
    await s.user({ id: 50, companyId: E, name: 'Admin E', profile: 'admin' });
    await s.user({ id: 51, companyId: E, name: 'Eva', profile: 'user' });
    await s.connection({ id: 50, companyId: E });
    await s.inbound(E, 50, anInboundText('5511966660001', 'Oi'));
    const ticket = await s.ticketOf('5511966660001');
    await put(ticket.id, 51, { status: 'open', userId: 51 }, E);
    await backdate(ticket.id, 'human_ready_at', 45);
    await reply(ticket.id, 51, 'Olá!', E);
    const figures = await dashboard(token(50, E), `dateFrom=${today(30)}&dateTo=${today()}`);
    expect(figures.totals.firstResponse.count).toBe(1);
    expect(figures.totals.firstResponse.p50).toBe(figures.totals.firstResponse.p90);
    near(figures.totals.firstResponse.p50, 45);
    expect(figures.byUser).toEqual([expect.objectContaining({ userId: 51, firstResponse: figures.totals.firstResponse })]);
  });

  it('a range before any activity has empty figures, and a day per date of the range', async () => {
    const figures = await dashboard(token(1), 'dateFrom=2020-01-01&dateTo=2020-01-03');
    expect(figures.days.map((day) => day.day)).toEqual(['2020-01-01', '2020-01-02', '2020-01-03']);
    expect(figures.totals).toMatchObject({ created: 0, resolved: 0, firstResponse: { count: 0, p50: null, p90: null } });
    expect(figures.byUser).toEqual([]);
  });

  it("files a ticket under the day of the company's own time zone: 20:00Z on 5 January is the 6th in Tokyo", async () => {
    const D = 4;
    await s.user({ id: 40, companyId: D, name: 'Admin D', profile: 'admin' });
    await s.setting(D, 'timezone', 'Asia/Tokyo');
    const contactId = (
      await t.dataSource.query(
        `INSERT INTO conversations.contacts (uuid, company_id, name, number) VALUES (gen_random_uuid(), $1, 'Kenji', '5511955550001') RETURNING id`,
        [D],
      )
    )[0].id as number;
    const ticketId = (
      await t.dataSource.query(
        `INSERT INTO conversations.tickets (uuid, company_id, contact_id, whatsapp_id, status, created_at, updated_at)
         VALUES (gen_random_uuid(), $1, $2, 40, 'pending', '2026-01-05T20:00:00Z', '2026-01-05T20:00:00Z') RETURNING id`,
        [D, contactId],
      )
    )[0].id as number;
    await t.app.get(TicketStatsRepository).opened(t.dataSource.manager, [ticketId]);
    const days = await dashboard(token(40, D), 'dateFrom=2026-01-05&dateTo=2026-01-06');
    expect(days.days.map((day) => [day.day, day.created])).toEqual([
      ['2026-01-05', 0],
      ['2026-01-06', 1],
    ]);
  });

  it('another company sees only its own tickets', async () => {
    await s.inbound(B, 20, anInboundText('5511933339999', 'Oi B'));
    const figures = await dashboard(token(9, B));
    expect(figures.totals.created).toBe(1);
    expect(figures.totals.resolved).toBe(0);
    expect(figures.byUser).toEqual([]);
    expect(figures.live).toEqual([{ queueId: null, status: 'pending', count: 1 }]);
    expect((await dashboard(token(1))).totals.created).toBe(4);
  });

  it('is refused to a plain user (403) and checks its range', async () => {
    const refused = await request(t.http)
      .get(`/api/dashboard?dateFrom=${today()}&dateTo=${today()}`)
      .set('Authorization', `Bearer ${token(2, A, 'user')}`)
      .expect(403);
    expect(refused.body.error).toBe('ERR_NO_PERMISSION');
    await request(t.http)
      .get('/api/dashboard?dateFrom=2026-02-01&dateTo=2026-01-01')
      .set('Authorization', `Bearer ${token(1)}`)
      .expect(400);
    await request(t.http)
      .get('/api/dashboard?dateFrom=2024-01-01&dateTo=2026-01-01')
      .set('Authorization', `Bearer ${token(1)}`)
      .expect(400);
  });

  it('the migration backfills tickets that existed before: first replies from the users’ messages, resolutions, ratings', async () => {
    await s.user({ id: 30, companyId: C, name: 'Admin C', profile: 'admin' });
    await s.user({ id: 31, companyId: C, name: 'Dora', profile: 'user' });
    const general = await s.queue(C, 'Geral', '#123456');
    const contact = async (number: string) =>
      (
        await t.dataSource.query(
          `INSERT INTO conversations.contacts (uuid, company_id, name, number) VALUES (gen_random_uuid(), $1, $2, $2) RETURNING id`,
          [C, number],
        )
      )[0].id as number;
    const ticket = async (contactId: number, status: string, queueId: number | null, userId: number | null, ageSeconds: number) =>
      (
        await t.dataSource.query(
          `INSERT INTO conversations.tickets (uuid, company_id, contact_id, whatsapp_id, status, queue_id, user_id, created_at, updated_at)
           VALUES (gen_random_uuid(), $1, $2, 30, $3, $4, $5, now() - make_interval(secs => $6), now() - make_interval(secs => $6 - 3600))
           RETURNING id`,
          [C, contactId, status, queueId, userId, ageSeconds],
        )
      )[0].id as number;
    const message = (ticketId: number, contactId: number, userId: number | null, ageSeconds: number) =>
      t.dataSource.query(
        `INSERT INTO conversations.messages (company_id, ticket_id, contact_id, whatsapp_id, body, from_me, user_id, created_at)
         VALUES ($1, $2, $3, 30, 'texto', $4, $5, now() - make_interval(secs => $6))`,
        [C, ticketId, contactId, userId !== null, userId, ageSeconds],
      );
    // Resolved an hour after creation, answered by Dora after 10 minutes (an echo from the phone
    // before that has no user and is not a reply), rated 5; and one still open, never answered.
    const first = await contact('5511944440001');
    const resolved = await ticket(first, 'closed', general, 31, 7200);
    await message(resolved, first, null, 7200);
    await message(resolved, first, null, 7000);
    await message(resolved, first, 31, 6600);
    await message(resolved, first, 31, 6000);
    await t.dataSource.query(`INSERT INTO conversations.ticket_ratings (company_id, ticket_id, user_id, rate) VALUES ($1, $2, 31, 5)`, [
      C,
      resolved,
    ]);
    const second = await contact('5511944440002');
    await ticket(second, 'open', null, null, 1800);
    await t.dataSource.query(
      `UPDATE conversations.tickets SET human_ready_at = NULL, first_response_at = NULL, resolved_at = NULL WHERE company_id = $1`,
      [C],
    );

    // As the migration runs it, on one connection (its temporary table); the other companies' rows
    // are counted again, which this last test does not look at.
    const runner = t.dataSource.createQueryRunner();
    try {
      for (const statement of STATS_BACKFILL_SQL) await runner.query(statement);
    } finally {
      await runner.release();
    }
    const figures = await dashboard(token(30, C), `dateFrom=${today(1)}&dateTo=${today()}`);
    expect(figures.totals).toMatchObject({ created: 2, resolved: 1, firstResponse: { count: 1 }, resolution: { count: 1 } });
    near(figures.totals.firstResponse.p50, 600);
    near(figures.totals.resolution.p50, 3600);
    expect(figures.totals.rating).toMatchObject({ count: 1, average: 5 });
    expect(figures.live).toEqual([{ queueId: null, status: 'open', count: 1 }]);
    expect(figures.byUser.map((row) => row.name)).toEqual(['Dora']);

    // The migration that made the times exact, undone (back to histograms) and run again, derives
    // each duration from the tickets: the same exact figures.
    const migration = new ExactTicketDurations1732500001331();
    const again = t.dataSource.createQueryRunner();
    try {
      await migration.down(again);
      await migration.up(again);
    } finally {
      await again.release();
    }
    const rebuilt = await dashboard(token(30, C), `dateFrom=${today(1)}&dateTo=${today()}`);
    expect(rebuilt.totals.firstResponse).toEqual(figures.totals.firstResponse);
    expect(rebuilt.totals.resolution).toEqual(figures.totals.resolution);
    expect(rebuilt.byUser).toEqual(figures.byUser);
  });
});
