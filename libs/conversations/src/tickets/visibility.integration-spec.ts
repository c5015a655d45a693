import {
  messageCreated,
  messageListResponseSchema,
  messageSchema,
  otherOpenTicketErrorSchema,
  ticketNoteListResponseSchema,
  ticketNoteSchema,
  ticketSchema,
} from '@app/contracts';
import { expectAnswer, waitFor } from '@app/platform/testing';
import request from 'supertest';

import { type ConversationsTestApp, startConversationsTestApp } from '../testing/conversations-test-app';
import { anInboundText } from '../testing/fixtures';
import { InboxScenario } from '../testing/inbox-scenario';

const A = 1;
const CONN = 10;

/**
 * Queue visibility is one rule applied where tickets, messages and notes are read: a user of the
 * sales queue reaches nothing of a support ticket through any route that names its contact.
 */
describe('ticket visibility on every read', () => {
  let t: ConversationsTestApp;
  let s: InboxScenario;
  let sales: number;
  let support: number;
  const admin = () => t.token({ userId: 1, companyId: A, profile: 'admin' });
  const ana = () => t.token({ userId: 2, companyId: A, profile: 'user' }); // queue: sales
  const bruno = () => t.token({ userId: 3, companyId: A, profile: 'user' }); // queue: support
  const carla = () => t.token({ userId: 4, companyId: A, profile: 'supervisor' });
  const dora = () => t.token({ userId: 5, companyId: A, profile: 'user' }); // queue: sales
  const api = () => request(t.http);
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });

  /** A contact whose live ticket is in support, held by Bruno: hidden from Ana. */
  async function hiddenConversation(number: string): Promise<{ contactId: number; ticketId: number }> {
    await s.inbound(A, CONN, anInboundText(number, 'Mensagem do suporte'));
    const ticket = await s.ticketOf(number);
    await api().put(`/api/tickets/${ticket.id}`).set(as(bruno())).send({ status: 'open', userId: 3, queueId: support }).expect(200);
    await api().post(`/api/messages/${ticket.id}`).set(as(bruno())).send({ body: 'Resposta do suporte' }).expect(201);
    const [contact] = await t.dataSource.query(`SELECT id FROM conversations.contacts WHERE number = $1`, [number]);
    return { contactId: contact.id, ticketId: ticket.id };
  }

  beforeAll(async () => {
    t = await startConversationsTestApp();
    s = new InboxScenario(t);
    sales = await s.queue(A, 'Vendas', '#ff0000');
    support = await s.queue(A, 'Suporte', '#00ff00');
    await s.user({ id: 1, companyId: A, name: 'Admin', profile: 'admin' });
    await s.user({ id: 2, companyId: A, name: 'Ana', queueIds: [sales] });
    await s.user({ id: 3, companyId: A, name: 'Bruno', queueIds: [support] });
    await s.user({ id: 4, companyId: A, name: 'Carla', profile: 'supervisor' });
    await s.user({ id: 5, companyId: A, name: 'Dora', queueIds: [sales] });
    await s.connection({ id: CONN, companyId: A, name: 'Principal' });
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it("the notes list by contact leaves out notes written on tickets the user may not see, and keeps the contact's own notes", async () => {
    const { contactId, ticketId } = await hiddenConversation('5511920000001');
    const hidden = await api()
      .post('/api/ticket-notes')
      .set(as(bruno()))
      .send({ note: 'Cliente com defeito no aparelho', contactId, ticketId })
      .expect(201);
    const onContact = await api().post('/api/ticket-notes').set(as(bruno())).send({ note: 'Prefere ligação', contactId }).expect(201);

    const forAna = await api().get('/api/ticket-notes/list').query({ contactId }).set(as(ana())).expect(200);
    expect(expectAnswer(ticketNoteListResponseSchema, forAna).map((n) => n.id)).toEqual([expectAnswer(ticketNoteSchema, onContact).id]);
    await api().get('/api/ticket-notes/list').query({ contactId, ticketId }).set(as(ana())).expect(403);
    const forAdmin = await api().get('/api/ticket-notes/list').query({ contactId }).set(as(admin())).expect(200);
    expect(
      expectAnswer(ticketNoteListResponseSchema, forAdmin)
        .map((n) => n.id)
        .sort(),
    ).toEqual([expectAnswer(ticketNoteSchema, hidden).id, onContact.body.id].sort());
  });

  it('creating a ticket for a contact whose open ticket is hidden says only that one exists; a visible one tells who holds it; an own one gives its uuid', async () => {
    const { contactId, ticketId } = await hiddenConversation('5511920000002');
    const hidden = await api().post('/api/tickets').set(as(ana())).send({ contactId, whatsappId: CONN, queueId: sales }).expect(409);
    expect(hidden.body).toEqual({ error: 'ERR_OTHER_OPEN_TICKET', message: expect.any(String) });
    expect(JSON.stringify(hidden.body)).not.toContain('Bruno');

    // The supervisor sees it: who holds it and where, but no handle on someone else's ticket.
    const seen = await api().post('/api/tickets').set(as(carla())).send({ contactId, whatsappId: CONN, queueId: sales }).expect(409);
    expectAnswer(otherOpenTicketErrorSchema, seen);
    expect(seen.body).toEqual({
      error: 'ERR_OTHER_OPEN_TICKET',
      message: expect.any(String),
      userId: 3,
      userName: 'Bruno',
      queueName: 'Suporte',
    });

    // Bruno's own: the dialog opens it.
    const own = await api().post('/api/tickets').set(as(bruno())).send({ contactId, whatsappId: CONN, queueId: support }).expect(409);
    const [row] = await t.dataSource.query(`SELECT uuid FROM conversations.tickets WHERE id = $1`, [ticketId]);
    expectAnswer(otherOpenTicketErrorSchema, own);
    expect(own.body).toMatchObject({ userId: 3, userName: 'Bruno', queueName: 'Suporte', ticketId, uuid: row.uuid });
  });

  it('forwarding to a contact whose open ticket is hidden is refused and writes nothing into that ticket', async () => {
    const { contactId, ticketId } = await hiddenConversation('5511920000003');
    await s.inbound(A, CONN, anInboundText('5511920000004', 'Endereço: Rua B, 20'));
    const source = await s.ticketOf('5511920000004');
    await api().put(`/api/tickets/${source.id}`).set(as(ana())).send({ status: 'open', userId: 2, queueId: sales }).expect(200);
    const [message] = expectAnswer(
      messageListResponseSchema,
      await api().get(`/api/messages/${source.id}`).set(as(ana())).expect(200),
    ).messages;
    const before = await t.dataSource.query(`SELECT count(*)::int AS n FROM conversations.messages WHERE ticket_id = $1`, [ticketId]);

    const refused = await api().post('/api/message/forward').set(as(ana())).send({ messageId: message.id, contactId }).expect(409);
    expect(refused.body).toEqual({ error: 'ERR_OTHER_OPEN_TICKET', message: expect.any(String) });
    const after = await t.dataSource.query(`SELECT count(*)::int AS n FROM conversations.messages WHERE ticket_id = $1`, [ticketId]);
    expect(after[0].n).toBe(before[0].n);
    // Whoever sees that ticket forwards into it.
    await api().post('/api/message/forward').set(as(admin())).send({ messageId: message.id, contactId }).expect(201);
  });

  it("a new ticket's history shows the contact's earlier tickets only where the user could see them", async () => {
    const { contactId, ticketId } = await hiddenConversation('5511920000005');
    await api().put(`/api/tickets/${ticketId}`).set(as(bruno())).send({ status: 'closed' }).expect(200);
    const created = await api().post('/api/tickets').set(as(ana())).send({ contactId, whatsappId: CONN, queueId: sales }).expect(201);
    expectAnswer(ticketSchema, created);
    expectAnswer(
      messageSchema,
      await api().post(`/api/messages/${created.body.id}`).set(as(ana())).send({ body: 'Olá, aqui é das vendas' }).expect(201),
    );

    const forAna = await api().get(`/api/messages/${created.body.id}`).set(as(ana())).expect(200);
    expect(expectAnswer(messageListResponseSchema, forAna).messages.map((m) => m.body)).toEqual(['Olá, aqui é das vendas']);
    const forAdmin = await api().get(`/api/messages/${created.body.id}`).set(as(admin())).expect(200);
    expect(expectAnswer(messageListResponseSchema, forAdmin).messages.map((m) => m.body)).toEqual([
      'Mensagem do suporte',
      'Resposta do suporte',
      'Olá, aqui é das vendas',
    ]);

    // Nor can a reply quote a message of the hidden ticket.
    const hiddenMessage = forAdmin.body.messages[0].id;
    await api()
      .post(`/api/messages/${created.body.id}`)
      .set(as(ana()))
      .send({ body: 'sobre isso', quotedMsg: { id: hiddenMessage } })
      .expect(404);
    // A customer's message quoting one of the hidden ticket shows no quote to her, in the history and
    // in the event that goes to the ticket's sockets.
    const [{ wid }] = await t.dataSource.query(`SELECT wid FROM conversations.messages WHERE id = $1`, [hiddenMessage]);
    await s.inbound(A, CONN, anInboundText('5511920000005', 'e sobre aquilo?', { quotedId: wid }));
    const event = await waitFor(() =>
      t.events.find(
        (e) => e.type === messageCreated.type && (e.payload as { message: { body: string } }).message.body === 'e sobre aquilo?',
      ),
    );
    expect(event.payload).toMatchObject({ message: { quotedMsg: null }, audience: expect.arrayContaining([2]) });
    const quoting = (page: { body: unknown }) =>
      expectAnswer(messageListResponseSchema, page).messages.find((m) => m.body === 'e sobre aquilo?')?.quotedMsg;
    expect(quoting(await api().get(`/api/messages/${created.body.id}`).set(as(ana())).expect(200))).toBeNull();
    expect(quoting(await api().get(`/api/messages/${created.body.id}`).set(as(admin())).expect(200))).toMatchObject({
      body: 'Mensagem do suporte',
    });
  });

  it('a user edits and deletes only the messages the user sent; admins and supervisors any sent message', async () => {
    await s.inbound(A, CONN, anInboundText('5511920000006', 'Oi'));
    const ticket = await s.ticketOf('5511920000006');
    await api().put(`/api/tickets/${ticket.id}`).set(as(ana())).send({ status: 'open', userId: 2, queueId: sales }).expect(200);
    const byAdmin = await api().post(`/api/messages/${ticket.id}`).set(as(admin())).send({ body: 'Mensagem do admin' }).expect(201);
    const byAna = await api().post(`/api/messages/${ticket.id}`).set(as(ana())).send({ body: 'Mensagem da Ana' }).expect(201);
    expect(expectAnswer(messageSchema, byAdmin).userId).toBe(1);
    expect(expectAnswer(messageSchema, byAna).userId).toBe(2);
    // Sent: the edit needs the WhatsApp id.
    await t.dataSource.query(`UPDATE conversations.messages SET wid = 'W' || id WHERE ticket_id = $1 AND from_me`, [ticket.id]);

    // Dora sees the ticket (same queue) but sent neither message.
    const refused = await api().post(`/api/messages/edit/${byAdmin.body.id}`).set(as(ana())).send({ body: 'mudado' }).expect(403);
    expect(refused.body.error).toBe('ERR_NO_PERMISSION');
    await api().delete(`/api/messages/${byAdmin.body.id}`).set(as(ana())).expect(403);
    await api().post(`/api/messages/edit/${byAna.body.id}`).set(as(dora())).send({ body: 'mudado' }).expect(403);
    await api().delete(`/api/messages/${byAna.body.id}`).set(as(dora())).expect(403);

    const own = await api()
      .post(`/api/messages/edit/${byAna.body.id}`)
      .set(as(ana()))
      .send({ body: 'Mensagem da Ana, editada' })
      .expect(201);
    expectAnswer(messageSchema, own);
    expect(own.body).toMatchObject({ body: 'Mensagem da Ana, editada', isEdited: true });
    expectAnswer(
      messageSchema,
      await api().post(`/api/messages/edit/${byAna.body.id}`).set(as(carla())).send({ body: 'Corrigida pela supervisora' }).expect(201),
    );
    const deleted = await api().delete(`/api/messages/${byAdmin.body.id}`).set(as(admin())).expect(200);
    expect(expectAnswer(messageSchema, deleted).isDeleted).toBe(true);
  });
});
