import request from 'supertest';

import { type ConversationsTestApp, startConversationsTestApp } from '../testing/conversations-test-app';
import { anInboundText } from '../testing/fixtures';
import { InboxScenario } from '../testing/inbox-scenario';
import { RATING_FALLBACK } from './ticket.service';
import { EXPIRY_QUEUE, TicketTimers, TRANSFER_QUEUE } from './ticket-timers';

const A = 1;

describe('ticket timers on pg-boss, and the rating', () => {
  let t: ConversationsTestApp;
  let s: InboxScenario;
  let timers: TicketTimers;
  let support: number;
  const admin = () => t.token({ userId: 1, companyId: A, profile: 'admin' });
  const pendingJobs = async (queue: string, key: string) =>
    (await t.dataSource.query(`SELECT id FROM pgboss.job WHERE name = $1 AND singleton_key = $2 AND state = 'created'`, [queue, key]))
      .length;

  beforeAll(async () => {
    t = await startConversationsTestApp();
    s = new InboxScenario(t);
    timers = t.app.get(TicketTimers);
    support = await s.queue(A, 'Suporte', '#00ff00');
    await s.user({ id: 1, companyId: A, name: 'Admin', profile: 'admin' });
    await s.connection({
      id: 10,
      companyId: A,
      timeToTransfer: 5,
      transferQueueId: support,
      expiresTicket: 30,
      expiresInactiveMessage: 'Encerrado por inatividade',
    });
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('a new pending ticket arms a transfer timer that moves it to transferQueueId if nobody took it', async () => {
    await s.inbound(A, 10, anInboundText('5511922220001', 'Oi'));
    const ticket = await s.ticketOf('5511922220001');
    expect(await pendingJobs(TRANSFER_QUEUE, `transfer-${ticket.id}`)).toBe(1);
    await s.inbound(A, 10, anInboundText('5511922220001', 'Alguém?'));
    expect(await pendingJobs(TRANSFER_QUEUE, `transfer-${ticket.id}`)).toBe(1);
    await timers.transfer({ ticketId: ticket.id, companyId: A });
    expect((await s.ticketOf('5511922220001')).queue_id).toBe(support);
  });

  it('the transfer timer leaves a ticket that someone accepted', async () => {
    await s.inbound(A, 10, anInboundText('5511922220002', 'Oi'));
    const ticket = await s.ticketOf('5511922220002');
    await request(t.http)
      .put(`/api/tickets/${ticket.id}`)
      .set('Authorization', `Bearer ${admin()}`)
      .send({ status: 'open', userId: 1 })
      .expect(200);
    await timers.transfer({ ticketId: ticket.id, companyId: A });
    expect(await s.ticketOf('5511922220002')).toMatchObject({ queue_id: null, status: 'open' });
  });

  it('a ticket idle for expiresTicket minutes is closed with expiresInactiveMessage; a recent one is re-armed', async () => {
    await s.inbound(A, 10, anInboundText('5511922220003', 'Oi'));
    const ticket = await s.ticketOf('5511922220003');
    expect(await pendingJobs(EXPIRY_QUEUE, `expire-${ticket.id}`)).toBe(1);
    await t.dataSource.query(`DELETE FROM pgboss.job WHERE name = $1 AND singleton_key = $2`, [EXPIRY_QUEUE, `expire-${ticket.id}`]);
    await timers.expire({ ticketId: ticket.id, companyId: A });
    expect((await s.ticketOf('5511922220003')).status).toBe('pending');
    expect(await pendingJobs(EXPIRY_QUEUE, `expire-${ticket.id}`)).toBe(1);

    await t.dataSource.query(`UPDATE conversations.messages SET created_at = now() - interval '31 minutes' WHERE ticket_id = $1`, [
      ticket.id,
    ]);
    await t.dataSource.query(`UPDATE conversations.tickets SET updated_at = now() - interval '31 minutes' WHERE id = $1`, [ticket.id]);
    await timers.expire({ ticketId: ticket.id, companyId: A });
    expect((await s.ticketOf('5511922220003')).status).toBe('closed');
    const [last] = await t.dataSource.query(
      `SELECT body, from_me FROM conversations.messages WHERE ticket_id = $1 ORDER BY id DESC LIMIT 1`,
      [ticket.id],
    );
    expect(last).toEqual({ body: 'Encerrado por inatividade', from_me: true });
  });

  it('with userRating enabled, resolving sends the rating message and a reply 1 to 5 is kept as the rating', async () => {
    await s.setting(A, 'userRating', 'enabled');
    await s.inbound(A, 10, anInboundText('5511922220004', 'Oi'));
    const ticket = await s.ticketOf('5511922220004');
    const put = (body: object) =>
      request(t.http).put(`/api/tickets/${ticket.id}`).set('Authorization', `Bearer ${admin()}`).send(body).expect(200);
    await put({ status: 'open', userId: 1 });
    await put({ status: 'closed', userId: 1 });
    const [sent] = await t.dataSource.query(
      `SELECT body FROM conversations.messages WHERE ticket_id = $1 AND from_me ORDER BY id DESC LIMIT 1`,
      [ticket.id],
    );
    expect(sent.body).toBe(RATING_FALLBACK);

    await s.inbound(A, 10, anInboundText('5511922220004', ' 5 '));
    expect(await t.dataSource.query(`SELECT ticket_id, user_id, rate FROM conversations.ticket_ratings`)).toEqual([
      { ticket_id: ticket.id, user_id: 1, rate: 5 },
    ]);
    expect((await s.ticketOf('5511922220004')).id).toBe(ticket.id);

    await s.inbound(A, 10, anInboundText('5511922220004', 'Outra dúvida'));
    const next = await s.ticketOf('5511922220004');
    expect(next.id).not.toBe(ticket.id);
    expect(next.status).toBe('pending');
  });
});
