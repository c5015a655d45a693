import { type EventEnvelope, messageSchema, messageSendRequested } from '@app/contracts';
import { expectAnswer, waitFor } from '@app/platform/testing';
import request from 'supertest';

import { type ConversationsTestApp, startConversationsTestApp } from '../testing/conversations-test-app';
import { anInboundText } from '../testing/fixtures';
import { InboxScenario } from '../testing/inbox-scenario';

const A = 1;
const B = 2;

/**
 * The ticketz client's reaction and forward calls (frontend/src/components/MessageOptionsMenu and
 * MessageForwardModal): the house's react and forward operations, with their visibility rules.
 */
describe("the ticketz client's react and forward routes", () => {
  let t: ConversationsTestApp;
  let s: InboxScenario;
  let sales = 0;
  let support = 0;
  let foreignQueue = 0;
  const admin = () => t.token({ userId: 1, companyId: A, profile: 'admin' });
  /** A plain user of the sales queue only. */
  const seller = () => t.token({ userId: 2, companyId: A, profile: 'user' });
  const outsider = () => t.token({ userId: 20, companyId: B, profile: 'admin' });
  const api = () => request(t.http);
  type SendEnvelope = EventEnvelope<{
    to: string;
    isForwarded: boolean;
    content: Record<string, unknown>;
    reference: { ticketId: number };
  }>;
  const commandsFor = (ticketId: number) =>
    t.events.filter(
      (e) => e.type === messageSendRequested.type && (e as SendEnvelope).payload.reference?.ticketId === ticketId,
    ) as SendEnvelope[];
  const firstMessageOf = async (ticketId: number): Promise<number> =>
    (await t.dataSource.query(`SELECT id FROM conversations.messages WHERE ticket_id = $1 ORDER BY id LIMIT 1`, [ticketId]))[0].id;

  beforeAll(async () => {
    t = await startConversationsTestApp();
    s = new InboxScenario(t);
    sales = await s.queue(A, 'Vendas', '#111111');
    support = await s.queue(A, 'Suporte', '#222222');
    foreignQueue = await s.queue(B, 'Outra', '#333333');
    await s.user({ id: 1, companyId: A, name: 'Admin', profile: 'admin' });
    await s.user({ id: 2, companyId: A, name: 'Vendedor', profile: 'user', queueIds: [sales] });
    await s.user({ id: 20, companyId: B, name: 'Outsider', profile: 'admin' });
    await s.connection({ id: 10, companyId: A });
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('POST /messages/react/{id} { ticketId, emoji } reacts as POST /messages/{id}/reactions does; another ticket, queue or company is refused', async () => {
    await s.inbound(A, 10, anInboundText('5511944440001', 'Obrigado!'));
    const ticket = await s.ticketOf('5511944440001');
    const messageId = await firstMessageOf(ticket.id);

    const reacted = await api()
      .post(`/api/messages/react/${messageId}`)
      .set('Authorization', `Bearer ${admin()}`)
      .send({ ticketId: ticket.id, emoji: '❤️' })
      .expect(201);
    expect(expectAnswer(messageSchema, reacted).reactions).toEqual([{ fromMe: true, emoji: '❤️' }]);
    const [command] = await waitFor(() => (commandsFor(ticket.id).length > 0 ? commandsFor(ticket.id) : undefined));
    expect(command!.payload.content).toMatchObject({ type: 'reaction', emoji: '❤️' });
    // The client sends the ids it was given; as digit strings too.
    await api()
      .post(`/api/messages/react/${messageId}`)
      .set('Authorization', `Bearer ${admin()}`)
      .send({ ticketId: String(ticket.id), emoji: '👍' })
      .expect(201);

    await s.inbound(A, 10, anInboundText('5511944440002', 'Outro'));
    const other = await s.ticketOf('5511944440002');
    const wrongTicket = await api()
      .post(`/api/messages/react/${messageId}`)
      .set('Authorization', `Bearer ${admin()}`)
      .send({ ticketId: other.id, emoji: '👍' })
      .expect(404);
    expect(wrongTicket.body.error).toBe('ERR_NOT_FOUND');
    await api()
      .post(`/api/messages/react/${messageId}`)
      .set('Authorization', `Bearer ${outsider()}`)
      .send({ ticketId: ticket.id, emoji: '👍' })
      .expect(404);
    const missing = await api()
      .post(`/api/messages/react/${messageId}`)
      .set('Authorization', `Bearer ${admin()}`)
      .send({ emoji: '👍' })
      .expect(400);
    expect(missing.body.fields).toEqual([expect.objectContaining({ path: 'ticketId' })]);

    // A ticket of a queue the seller is not in: not theirs to react on.
    await t.dataSource.query(`UPDATE conversations.tickets SET queue_id = $1 WHERE id = $2`, [support, ticket.id]);
    const notAllowed = await api()
      .post(`/api/messages/react/${messageId}`)
      .set('Authorization', `Bearer ${seller()}`)
      .send({ ticketId: ticket.id, emoji: '👍' })
      .expect(403);
    expect(notAllowed.body.error).toBe('ERR_TICKET_NOT_ALLOWED');
  });

  it('POST /messages/forward { contactId, ticketId, messageId, queueId } forwards unsigned into a ticket opened in that queue', async () => {
    await s.inbound(A, 10, anInboundText('5511944440003', 'Pedido 123 confirmado'));
    const source = await s.ticketOf('5511944440003');
    const messageId = await firstMessageOf(source.id);
    const contact = await api()
      .post('/api/contacts')
      .set('Authorization', `Bearer ${admin()}`)
      .send({ name: 'Financeiro', number: '5511944440004' })
      .expect(201);

    const forwarded = await api()
      .post('/api/messages/forward')
      .set('Authorization', `Bearer ${admin()}`)
      .send({ contactId: contact.body.id, ticketId: source.id, messageId, queueId: sales })
      .expect(201);
    expect(expectAnswer(messageSchema, forwarded)).toMatchObject({ body: 'Pedido 123 confirmado', isForwarded: true, fromMe: true });
    const target = await s.ticketOf('5511944440004');
    expect(target).toMatchObject({ status: 'open', user_id: 1, queue_id: sales });
    const [command] = await waitFor(() => (commandsFor(target.id).length > 0 ? commandsFor(target.id) : undefined));
    expect(command!.payload).toMatchObject({ to: '5511944440004', isForwarded: true });
  });

  it('a forward names the message of its ticket, a queue of the company the caller may hold, and stays within the company', async () => {
    await s.inbound(A, 10, anInboundText('5511944440005', 'Segredo'));
    const source = await s.ticketOf('5511944440005');
    await t.dataSource.query(`UPDATE conversations.tickets SET queue_id = $1 WHERE id = $2`, [sales, source.id]);
    const messageId = await firstMessageOf(source.id);
    await s.inbound(A, 10, anInboundText('5511944440006', 'Outro'));
    const other = await s.ticketOf('5511944440006');
    const contact = await api()
      .post('/api/contacts')
      .set('Authorization', `Bearer ${admin()}`)
      .send({ name: 'Destino', number: '5511944440007' })
      .expect(201);
    const body = { contactId: contact.body.id, ticketId: source.id, messageId, queueId: sales };
    const forward = (token: string, overrides: Record<string, unknown>) =>
      api()
        .post('/api/messages/forward')
        .set('Authorization', `Bearer ${token}`)
        .send({ ...body, ...overrides });

    expect((await forward(admin(), { ticketId: other.id }).expect(404)).body.error).toBe('ERR_NOT_FOUND');
    expect((await forward(admin(), { queueId: foreignQueue }).expect(404)).body.error).toBe('ERR_NOT_FOUND');
    expect((await forward(seller(), { queueId: support }).expect(403)).body.error).toBe('ERR_TICKET_NOT_ALLOWED');
    await forward(outsider(), {}).expect(404);
    expect((await forward(admin(), { messageId: 'abc' }).expect(400)).body.fields).toEqual([
      expect.objectContaining({ path: 'messageId' }),
    ]);
    expect(await s.ticketOf('5511944440007')).toBeUndefined();
    expect(commandsFor(source.id)).toHaveLength(0);

    // The seller sees the sales ticket and forwards into the sales queue.
    await forward(seller(), {}).expect(201);
    expect(await s.ticketOf('5511944440007')).toMatchObject({ user_id: 2, queue_id: sales });
  });
});
