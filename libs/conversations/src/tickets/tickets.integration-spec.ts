import {
  type EventEnvelope,
  messageAcked,
  messageListResponseSchema,
  messageSchema,
  messageSendRequested,
  messageSent,
  otherOpenTicketErrorSchema,
  ticketCloseAllResponseSchema,
  ticketCreateResponseSchema,
  ticketDeleted,
  ticketListResponseSchema,
  ticketSchema,
} from '@app/contracts';
import { expectAnswer, waitFor } from '@app/platform/testing';
import request from 'supertest';

import { type ConversationsTestApp, startConversationsTestApp } from '../testing/conversations-test-app';
import { anInboundText } from '../testing/fixtures';
import { envelopeOf, InboxScenario } from '../testing/inbox-scenario';

const A = 1; // company
const B = 2; // another company
const CONN = 10;
const OTHER_CONN = 11;

describe('tickets and messages over HTTP', () => {
  let t: ConversationsTestApp;
  let s: InboxScenario;
  let sales: number;
  let support: number;
  let otherCompanyQueue: number;
  const admin = () => t.token({ userId: 1, companyId: A, profile: 'admin' });
  const ana = () => t.token({ userId: 2, companyId: A, profile: 'user' }); // queue: sales
  const bruno = () => t.token({ userId: 3, companyId: A, profile: 'user' }); // queue: support
  const outsider = () => t.token({ userId: 20, companyId: B, profile: 'admin' });
  const api = () => request(t.http);
  const commands = () =>
    t.events.filter((e) => e.type === messageSendRequested.type) as EventEnvelope<{
      content: { type: string; body?: string };
      to: string;
      commandId: string;
      reference: { ticketId: number };
    }>[];

  beforeAll(async () => {
    t = await startConversationsTestApp();
    s = new InboxScenario(t);
    sales = await s.queue(A, 'Vendas', '#ff0000', 'Bem-vindo às vendas');
    support = await s.queue(A, 'Suporte', '#00ff00');
    otherCompanyQueue = await s.queue(B, 'Vendas', '#ff0000');
    await s.user({ id: 1, companyId: A, name: 'Admin', profile: 'admin' });
    await s.user({ id: 2, companyId: A, name: 'Ana', queueIds: [sales] });
    await s.user({ id: 3, companyId: A, name: 'Bruno', queueIds: [support] });
    await s.user({ id: 20, companyId: B, name: 'Outra', profile: 'admin' });
    await s.connection({ id: CONN, companyId: A, name: 'Principal' });
    await s.connection({ id: OTHER_CONN, companyId: B, name: 'Outra' });
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('an inbound message makes a pending ticket without queue that every user of the company sees, and no other company', async () => {
    await s.inbound(A, CONN, anInboundText('5511900000001', 'Oi'));
    const ticket = await s.ticketOf('5511900000001');
    for (const token of [admin(), ana(), bruno()]) {
      const list = await api().get('/api/tickets').query({ status: 'pending' }).set('Authorization', `Bearer ${token}`).expect(200);
      expect(expectAnswer(ticketListResponseSchema, list).tickets.map((x) => x.id)).toContain(ticket.id);
      expect(list.body.hasMore).toBe(false);
    }
    const other = await api().get('/api/tickets').set('Authorization', `Bearer ${outsider()}`).expect(200);
    expect(expectAnswer(ticketListResponseSchema, other).tickets).toEqual([]);
    await api().get(`/api/tickets/${ticket.id}`).set('Authorization', `Bearer ${outsider()}`).expect(404);
    await api().get(`/api/tickets/u/${ticket.uuid}`).set('Authorization', `Bearer ${outsider()}`).expect(404);
  });

  it('transfer to a queue without a user makes it pending; a user of another queue then gets 403 ERR_TICKET_NOT_ALLOWED', async () => {
    await s.inbound(A, CONN, anInboundText('5511900000002', 'Quero comprar'));
    const ticket = await s.ticketOf('5511900000002');
    const moved = await api()
      .put(`/api/tickets/${ticket.id}`)
      .set('Authorization', `Bearer ${admin()}`)
      .send({ queueId: support, userId: null })
      .expect(200);
    expectAnswer(ticketSchema, moved);
    expect(moved.body).toMatchObject({ status: 'pending', userId: null, queueId: support, queue: { name: 'Suporte', color: '#00ff00' } });
    const refused = await api().get(`/api/tickets/${ticket.id}`).set('Authorization', `Bearer ${ana()}`).expect(403);
    expect(refused.body.error).toBe('ERR_TICKET_NOT_ALLOWED');
    await api().get(`/api/tickets/u/${ticket.uuid}`).set('Authorization', `Bearer ${ana()}`).expect(403);
    await api().get(`/api/messages/${ticket.id}`).set('Authorization', `Bearer ${ana()}`).expect(403);
    expectAnswer(ticketSchema, await api().get(`/api/tickets/${ticket.id}`).set('Authorization', `Bearer ${bruno()}`).expect(200));
    const anaList = await api().get('/api/tickets').set('Authorization', `Bearer ${ana()}`).expect(200);
    expect(expectAnswer(ticketListResponseSchema, anaList).tickets.map((x) => x.id)).not.toContain(ticket.id);
    // Ana could see it while it had no queue: she is told to drop it.
    await waitFor(() => t.events.some((e) => e.type === ticketDeleted.type));
    const dropped = t.events.filter((e) => e.type === ticketDeleted.type && (e.payload as { ticketId: number }).ticketId === ticket.id);
    expect(dropped.some((e) => (e.payload as { audience: number[] }).audience.includes(2))).toBe(true);
  });

  it('accept opens the ticket for the user and, with sendGreetingAccepted enabled, the user presents themself, never repeating the queue greeting', async () => {
    await s.setting(A, 'sendGreetingAccepted', 'enabled');
    await s.inbound(A, CONN, anInboundText('5511900000003', 'Olá'));
    const ticket = await s.ticketOf('5511900000003');
    await api().put(`/api/tickets/${ticket.id}`).set('Authorization', `Bearer ${admin()}`).send({ queueId: sales }).expect(200);
    const accepted = await api()
      .put(`/api/tickets/${ticket.id}`)
      .set('Authorization', `Bearer ${ana()}`)
      .send({ status: 'open', userId: 2 })
      .expect(200);
    expectAnswer(ticketSchema, accepted);
    expect(accepted.body).toMatchObject({ status: 'open', userId: 2, user: { id: 2, name: 'Ana' } });
    const greeting = await waitFor(() => commands().find((c) => c.payload.reference?.ticketId === ticket.id));
    expect(greeting?.payload).toMatchObject({ to: '5511900000003', content: { type: 'text' } });
    expect(greeting?.payload.content.body).toMatch(
      /^\*Ana:\*\n(Bom dia|Boa tarde|Boa noite) \*Cliente 0003\*, meu nome é \*Ana\* e darei continuidade em seu atendimento\.$/,
    );
    await s.setting(A, 'sendGreetingAccepted', 'disabled');
  });

  it('return, resolve and reopen follow the table', async () => {
    await s.inbound(A, CONN, anInboundText('5511900000004', 'Oi'));
    const { id } = await s.ticketOf('5511900000004');
    const put = (body: object, token = admin()) =>
      api().put(`/api/tickets/${id}`).set('Authorization', `Bearer ${token}`).send(body).expect(200);
    expect(expectAnswer(ticketSchema, await put({ status: 'open', userId: 1 }))).toMatchObject({ status: 'open', userId: 1 });
    expect(expectAnswer(ticketSchema, await put({ status: 'pending', userId: null }))).toMatchObject({ status: 'pending', userId: null });
    expect(expectAnswer(ticketSchema, await put({ status: 'closed' }))).toMatchObject({ status: 'closed', userId: null });
    expect(expectAnswer(ticketSchema, await put({ status: 'open', userId: 1 }))).toMatchObject({ status: 'open', userId: 1 });
    expect(expectAnswer(ticketSchema, await put({ status: 'closed', userId: 1 }))).toMatchObject({
      status: 'closed',
      userId: 1,
      unreadMessages: 0,
    });
  });

  it('a message sent on a ticket goes to whatsapp.commands and is stored with ack 0; the sent answer and acks move it', async () => {
    await s.inbound(A, CONN, anInboundText('5511900000005', 'Preciso de ajuda'));
    const ticket = await s.ticketOf('5511900000005');
    const sent = await api()
      .post(`/api/messages/${ticket.id}`)
      .set('Authorization', `Bearer ${admin()}`)
      .send({ body: '*Admin:*\nClaro!', fromMe: true, read: true })
      .expect(201);
    expectAnswer(messageSchema, sent);
    expect(sent.body).toMatchObject({ body: '*Admin:*\nClaro!', fromMe: true, ack: 0, wid: '', ticketId: ticket.id });
    const command = await waitFor(() => commands().find((c) => c.payload.reference?.ticketId === ticket.id));
    expect(command.payload).toMatchObject({ to: '5511900000005', content: { type: 'text', body: '*Admin:*\nClaro!' } });
    expect(command.key).toBe(String(CONN));

    await s.deliver(
      envelopeOf(messageSent, A, CONN, {
        connectionId: CONN,
        commandId: command.payload.commandId,
        messageId: 'WAID0001',
        reference: { ticketId: ticket.id },
      }),
    );
    await s.deliver(envelopeOf(messageAcked, A, CONN, { connectionId: CONN, messageId: 'WAID0001', ack: 4 }));
    const page = await api().get(`/api/messages/${ticket.id}`).set('Authorization', `Bearer ${admin()}`).expect(200);
    expect(expectAnswer(messageListResponseSchema, page).messages.map((m) => m.body)).toEqual(['Preciso de ajuda', '*Admin:*\nClaro!']);
    expect(page.body.messages[1]).toMatchObject({ wid: 'WAID0001', ack: 4 });
    expect(page.body.ticket.unreadMessages).toBe(0);
    expect(page.body.hasMore).toBe(false);

    const quoted = await api()
      .post(`/api/messages/${ticket.id}`)
      .set('Authorization', `Bearer ${admin()}`)
      .send({ body: 'sobre isso', quotedMsg: { id: page.body.messages[0].id } })
      .expect(201);
    expect(expectAnswer(messageSchema, quoted).quotedMsg).toMatchObject({ id: page.body.messages[0].id, body: 'Preciso de ajuda' });

    const mine = page.body.messages[1].id;
    const edited = await api()
      .post(`/api/messages/edit/${mine}`)
      .set('Authorization', `Bearer ${admin()}`)
      .send({ body: 'Claro, editado' })
      .expect(201);
    expectAnswer(messageSchema, edited);
    expect(edited.body).toMatchObject({ body: 'Claro, editado', isEdited: true });
    const reacted = await api()
      .post(`/api/messages/${page.body.messages[0].id}/reactions`)
      .set('Authorization', `Bearer ${admin()}`)
      .send({ type: '👍' })
      .expect(201);
    expect(expectAnswer(messageSchema, reacted).reactions).toEqual([{ fromMe: true, emoji: '👍' }]);
    await api().delete(`/api/messages/${page.body.messages[0].id}`).set('Authorization', `Bearer ${admin()}`).expect(403);
    const deleted = await api().delete(`/api/messages/${mine}`).set('Authorization', `Bearer ${admin()}`).expect(200);
    expect(expectAnswer(messageSchema, deleted).isDeleted).toBe(true);
    await waitFor(() => commands().filter((c) => c.payload.reference?.ticketId === ticket.id).length === 5);
    expect(
      commands()
        .filter((c) => c.payload.reference?.ticketId === ticket.id)
        .map((c) => c.payload.content.type),
    ).toEqual(['text', 'text', 'edit', 'reaction', 'delete']);

    for (const call of [
      api().get(`/api/messages/${ticket.id}`),
      api().post(`/api/messages/${ticket.id}`).send({ body: 'x' }),
      api().post(`/api/messages/edit/${mine}`).send({ body: 'x' }),
      api().post(`/api/messages/${mine}/reactions`).send({ type: '👍' }),
      api().delete(`/api/messages/${mine}`),
      api().put(`/api/tickets/${ticket.id}`).send({ status: 'closed' }),
      api().delete(`/api/tickets/${ticket.id}`),
    ]) {
      await call.set('Authorization', `Bearer ${outsider()}`).expect((res) => expect([403, 404]).toContain(res.status));
    }
  });

  it('empty messages and messages to a closed ticket are refused', async () => {
    await s.inbound(A, CONN, anInboundText('5511900000006', 'Oi'));
    const { id } = await s.ticketOf('5511900000006');
    const empty = await api().post(`/api/messages/${id}`).set('Authorization', `Bearer ${admin()}`).send({ body: '   ' }).expect(400);
    expect(empty.body.error).toBe('ERR_VALIDATION');
    await api().put(`/api/tickets/${id}`).set('Authorization', `Bearer ${admin()}`).send({ status: 'closed' }).expect(200);
    const closed = await api().post(`/api/messages/${id}`).set('Authorization', `Bearer ${admin()}`).send({ body: 'olá' }).expect(400);
    expect(closed.body.error).toBe('ERR_TICKET_CLOSED');
  });

  it('creating a ticket for a contact with an open one answers ERR_OTHER_OPEN_TICKET with who has it', async () => {
    await s.inbound(A, CONN, anInboundText('5511900000007', 'Oi'));
    const ticket = await s.ticketOf('5511900000007');
    await api()
      .put(`/api/tickets/${ticket.id}`)
      .set('Authorization', `Bearer ${ana()}`)
      .send({ status: 'open', userId: 2, queueId: sales })
      .expect(200);
    const [contact] = await t.dataSource.query(`SELECT id FROM conversations.contacts WHERE number = '5511900000007'`);
    const conflict = await api()
      .post('/api/tickets')
      .set('Authorization', `Bearer ${admin()}`)
      .send({ contactId: contact.id, whatsappId: CONN, queueId: sales })
      .expect(409);
    // Someone else's ticket: who holds it, not a handle on it (visibility.integration-spec has the rest).
    expectAnswer(otherOpenTicketErrorSchema, conflict);
    expect(conflict.body).toEqual({
      error: 'ERR_OTHER_OPEN_TICKET',
      message: expect.any(String),
      userId: 2,
      userName: 'Ana',
      queueName: 'Vendas',
    });

    await api().put(`/api/tickets/${ticket.id}`).set('Authorization', `Bearer ${admin()}`).send({ status: 'closed' }).expect(200);
    const created = await api()
      .post('/api/tickets')
      .set('Authorization', `Bearer ${ana()}`)
      .send({ contactId: contact.id, queueId: sales, status: 'open' })
      .expect(201);
    expectAnswer(ticketCreateResponseSchema, created);
    expect(created.body).toMatchObject({ status: 'open', userId: 2, queueId: sales, whatsappId: CONN });
    expect(created.body.uuid).toEqual(expect.any(String));
    // Reopening the closed one now collides with the new open ticket.
    const reopen = await api()
      .put(`/api/tickets/${ticket.id}`)
      .set('Authorization', `Bearer ${ana()}`)
      .send({ status: 'open', userId: 2 })
      .expect(409);
    expect(reopen.body.error).toBe('ERR_OTHER_OPEN_TICKET');
    const noQueue = await api()
      .post('/api/tickets')
      .set('Authorization', `Bearer ${bruno()}`)
      .send({ contactId: contact.id, whatsappId: CONN })
      .expect(400);
    expect(noQueue.body.message).toBe('Selecione uma fila');
    await api()
      .post('/api/tickets')
      .set('Authorization', `Bearer ${outsider()}`)
      .send({ contactId: contact.id, whatsappId: OTHER_CONN, queueId: otherCompanyQueue })
      .expect(404);
  });

  it('the Open tab shows a user only the own open tickets; show-all is for admins and supervisors', async () => {
    const list = async (token: string, query: object) =>
      expectAnswer(
        ticketListResponseSchema,
        await api().get('/api/tickets').query(query).set('Authorization', `Bearer ${token}`).expect(200),
      ).tickets.map((x) => x.userId);
    expect(new Set(await list(ana(), { status: 'open', showAll: 'true' }))).toEqual(new Set([2]));
    expect((await list(admin(), { status: 'open', showAll: 'true' })).length).toBeGreaterThan(0);
    expect(await list(admin(), { status: 'open', showAll: 'true', users: JSON.stringify([2]) })).toEqual(expect.arrayContaining([2]));
    const searched = await api()
      .get('/api/tickets')
      .query({ searchParam: '5511900000003' })
      .set('Authorization', `Bearer ${admin()}`)
      .expect(200);
    expect(expectAnswer(ticketListResponseSchema, searched).tickets.map((x) => x.contact.number)).toEqual(['5511900000003']);
    const unread = await api()
      .get('/api/tickets')
      .query({ withUnreadMessages: 'true' })
      .set('Authorization', `Bearer ${admin()}`)
      .expect(200);
    expect(expectAnswer(ticketListResponseSchema, unread).tickets.every((x) => x.unreadMessages > 0)).toBe(true);
  });

  it('the search also finds a ticket by the text of an earlier message, within the company only', async () => {
    await s.inbound(A, CONN, anInboundText('5511900000031', 'Preciso do orçamento 7781 até sexta'));
    await s.inbound(A, CONN, anInboundText('5511900000031', 'alguma novidade?'));
    await s.inbound(B, OTHER_CONN, anInboundText('5511900000032', 'Outro orçamento 7781'));
    const search = async (token: string, searchParam: string) =>
      expectAnswer(
        ticketListResponseSchema,
        await api().get('/api/tickets').query({ searchParam }).set('Authorization', `Bearer ${token}`).expect(200),
      ).tickets.map((x) => x.contact.number);
    // The last message no longer holds the term: only the message history does.
    expect(await search(admin(), 'orçamento 7781')).toEqual(['5511900000031']);
    expect(await search(outsider(), 'orçamento 7781')).toEqual(['5511900000032']);
    // LIKE wildcards in the term are taken literally.
    expect(await search(admin(), '%7781%')).toEqual([]);
    // A ticket number finds that ticket; a short term still matches contacts and the last message.
    const [own] = await t.dataSource.query(
      `SELECT t.id FROM conversations.tickets t JOIN conversations.contacts c ON c.id = t.contact_id WHERE c.number = '5511900000031'`,
    );
    expect(await search(admin(), String(own.id))).toEqual(['5511900000031']);
    expect(await search(outsider(), String(own.id))).toEqual([]);
    expect(await search(admin(), '31')).toContain('5511900000031');
    // Later tests expect company B to have no live tickets.
    await t.dataSource.query(`UPDATE conversations.tickets SET status = 'closed' WHERE company_id = $1`, [B]);
  });

  it('pages of the ticket list are bounded and say whether more follow', async () => {
    for (let i = 0; i < 45; i += 1) await s.inbound(A, CONN, anInboundText(`55119100${String(i).padStart(5, '0')}`, `cliente ${i}`));
    const first = await api().get('/api/tickets').query({ pageNumber: 1 }).set('Authorization', `Bearer ${admin()}`).expect(200);
    const second = await api().get('/api/tickets').query({ pageNumber: 2 }).set('Authorization', `Bearer ${admin()}`).expect(200);
    expectAnswer(ticketListResponseSchema, first);
    expectAnswer(ticketListResponseSchema, second);
    expect(first.body.tickets).toHaveLength(40);
    expect(first.body.hasMore).toBe(true);
    expect(second.body.hasMore).toBe(false);
    const ids = new Set([...first.body.tickets, ...second.body.tickets].map((x: { id: number }) => x.id));
    expect(ids.size).toBe(first.body.tickets.length + second.body.tickets.length);
    await api().get('/api/tickets').query({ pageNumber: 999999 }).set('Authorization', `Bearer ${admin()}`).expect(400);
  });

  it('delete is for admins; close-all closes the open tickets of the selected queues', async () => {
    await s.inbound(A, CONN, anInboundText('5511900000008', 'Oi'));
    const ticket = await s.ticketOf('5511900000008');
    await api().delete(`/api/tickets/${ticket.id}`).set('Authorization', `Bearer ${ana()}`).expect(403);
    await api().delete(`/api/tickets/${ticket.id}`).set('Authorization', `Bearer ${admin()}`).expect(200);
    await api().get(`/api/tickets/${ticket.id}`).set('Authorization', `Bearer ${admin()}`).expect(404);

    await api()
      .post('/api/tickets/closeAll')
      .set('Authorization', `Bearer ${ana()}`)
      .send({ status: 'open', selectedQueueIds: [sales] })
      .expect(403);
    const closed = await api()
      .post('/api/tickets/closeAll')
      .set('Authorization', `Bearer ${admin()}`)
      .send({ status: 'open', selectedQueueIds: [sales] })
      .expect(200);
    expect(expectAnswer(ticketCloseAllResponseSchema, closed).closed).toBeGreaterThan(0);
    const open = await t.dataSource.query(`SELECT count(*)::int AS n FROM conversations.tickets WHERE status = 'open' AND queue_id = $1`, [
      sales,
    ]);
    expect(open[0].n).toBe(0);
    const other = await api()
      .post('/api/tickets/closeAll')
      .set('Authorization', `Bearer ${outsider()}`)
      .send({ status: 'pending', selectedQueueIds: [] })
      .expect(200);
    expect(expectAnswer(ticketCloseAllResponseSchema, other).closed).toBe(0);
  });

  // Last: a ticket more would shift the ids the search test above looks for.
  it('messages that arrive in the open chat are read when the chat says so: unread 0 and one read receipt to the phone; another company gets 404', async () => {
    await s.inbound(A, CONN, anInboundText('5511900000041', 'Oi'));
    const ticket = await s.ticketOf('5511900000041');
    await api().get(`/api/messages/${ticket.id}`).set('Authorization', `Bearer ${admin()}`).expect(200);
    const first = anInboundText('5511900000041', 'Chegou agora');
    const second = anInboundText('5511900000041', 'E mais esta');
    await s.inbound(A, CONN, first);
    await s.inbound(A, CONN, second);
    const unread = async () =>
      expectAnswer(ticketSchema, await api().get(`/api/tickets/${ticket.id}`).set('Authorization', `Bearer ${admin()}`).expect(200))
        .unreadMessages;
    expect(await unread()).toBe(2);
    const receipts = () =>
      commands().filter((c) => c.payload.to === '5511900000041' && c.payload.content.type === 'read') as unknown as EventEnvelope<{
        content: { type: 'read'; messageIds: string[] };
      }>[];
    const before = receipts().length;

    await api().post(`/api/messages/${ticket.id}/read`).set('Authorization', `Bearer ${outsider()}`).expect(404);
    expect(await unread()).toBe(2);
    const read = await api().post(`/api/messages/${ticket.id}/read`).set('Authorization', `Bearer ${admin()}`).expect(200);
    expect(expectAnswer(ticketSchema, read).unreadMessages).toBe(0);
    expect(await unread()).toBe(0);
    const receipt = await waitFor(() => (receipts().length > before ? receipts().at(-1) : undefined));
    expect(receipt!.payload.content.messageIds.sort()).toEqual([first.id, second.id].sort());

    // Nothing left unread: no second receipt.
    await api().post(`/api/messages/${ticket.id}/read`).set('Authorization', `Bearer ${admin()}`).expect(200);
    expect(receipts().length).toBe(before + 1);
  });
});
