import request from 'supertest';

import { type ConversationsTestApp, startConversationsTestApp } from '../testing/conversations-test-app';
import { anInboundText } from '../testing/fixtures';
import { InboxScenario } from '../testing/inbox-scenario';

const A = 1;
const B = 2;

/**
 * Every id in a conversations body is the caller's company's: another company's contact, queue, user,
 * connection, ticket or message answers its ERR_*_NOT_FOUND code and nothing is written.
 */
describe("ids in bodies name only the caller's company's records", () => {
  let t: ConversationsTestApp;
  let s: InboxScenario;
  let own: { ticketId: number; contactId: number; queueId: number; messageId: number };
  let theirs: { ticketId: number; contactId: number; queueId: number; messageId: number };
  const admin = () => t.token({ userId: 1, companyId: A, profile: 'admin' });
  const api = () => request(t.http);
  const as = () => ({ Authorization: `Bearer ${admin()}` });

  async function companyData(companyId: number, connectionId: number, number: string) {
    const queueId = await s.queue(companyId, `Fila ${companyId}`, '#123456');
    await s.inbound(companyId, connectionId, anInboundText(number, 'Oi'));
    const ticket = await s.ticketOf(number);
    const [contact] = await t.dataSource.query(`SELECT id FROM conversations.contacts WHERE number = $1`, [number]);
    const [message] = await t.dataSource.query(`SELECT id FROM conversations.messages WHERE ticket_id = $1`, [ticket.id]);
    return { ticketId: ticket.id, contactId: contact.id as number, queueId, messageId: message.id as number };
  }

  beforeAll(async () => {
    t = await startConversationsTestApp();
    s = new InboxScenario(t);
    await s.user({ id: 1, companyId: A, name: 'Admin', profile: 'admin' });
    await s.user({ id: 20, companyId: B, name: 'Outra', profile: 'admin' });
    await s.connection({ id: 10, companyId: A });
    await s.connection({ id: 11, companyId: B });
    own = await companyData(A, 10, '5511930000001');
    theirs = await companyData(B, 11, '5511930000002');
    await api().put(`/api/tickets/${own.ticketId}`).set(as()).send({ status: 'closed' }).expect(200);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  const count = async (sql: string) => ((await t.dataSource.query(sql)) as { n: number }[])[0]!.n;

  it('POST /tickets: contactId, queueId, whatsappId, userId', async () => {
    const before = await count(`SELECT count(*)::int AS n FROM conversations.tickets`);
    const base = { contactId: own.contactId, queueId: own.queueId, whatsappId: 10, userId: 1 };
    expect(
      (
        await api()
          .post('/api/tickets')
          .set(as())
          .send({ ...base, contactId: theirs.contactId })
          .expect(404)
      ).body.error,
    ).toBe('ERR_NO_CONTACT_FOUND');
    expect(
      (
        await api()
          .post('/api/tickets')
          .set(as())
          .send({ ...base, queueId: theirs.queueId })
          .expect(404)
      ).body.error,
    ).toBe('ERR_NOT_FOUND');
    expect(
      (
        await api()
          .post('/api/tickets')
          .set(as())
          .send({ ...base, whatsappId: 11 })
          .expect(404)
      ).body.error,
    ).toBe('ERR_NO_WAPP_FOUND');
    expect(
      (
        await api()
          .post('/api/tickets')
          .set(as())
          .send({ ...base, userId: 20 })
          .expect(404)
      ).body.error,
    ).toBe('ERR_NO_USER_FOUND');
    expect(await count(`SELECT count(*)::int AS n FROM conversations.tickets`)).toBe(before);
  });

  it('PUT /tickets/{id}: queueId, userId, whatsappId', async () => {
    const put = (body: object) => api().put(`/api/tickets/${own.ticketId}`).set(as()).send(body);
    expect((await put({ queueId: theirs.queueId }).expect(404)).body.error).toBe('ERR_NOT_FOUND');
    expect((await put({ status: 'open', userId: 20 }).expect(404)).body.error).toBe('ERR_NO_USER_FOUND');
    expect((await put({ whatsappId: 11 }).expect(404)).body.error).toBe('ERR_NO_WAPP_FOUND');
    const [row] = await t.dataSource.query(`SELECT status, queue_id, user_id, whatsapp_id FROM conversations.tickets WHERE id = $1`, [
      own.ticketId,
    ]);
    expect(row).toMatchObject({ status: 'closed', whatsapp_id: 10 });
  });

  it('POST /ticket-notes, POST /message/forward, POST /messages/{id} quoting, POST /tags/sync: contactId, ticketId, messageId', async () => {
    await api().post('/api/ticket-notes').set(as()).send({ note: 'nota', contactId: theirs.contactId }).expect(404);
    await api().post('/api/ticket-notes').set(as()).send({ note: 'nota', contactId: own.contactId, ticketId: theirs.ticketId }).expect(404);
    expect(await count(`SELECT count(*)::int AS n FROM conversations.ticket_notes`)).toBe(0);
    await api().post('/api/message/forward').set(as()).send({ messageId: theirs.messageId, contactId: own.contactId }).expect(404);
    await api().post('/api/message/forward').set(as()).send({ messageId: own.messageId, contactId: theirs.contactId }).expect(404);
    await api().put(`/api/tickets/${own.ticketId}`).set(as()).send({ status: 'open', userId: 1 }).expect(200);
    await api()
      .post(`/api/messages/${own.ticketId}`)
      .set(as())
      .send({ body: 'x', quotedMsg: { id: theirs.messageId } })
      .expect(404);
    await api().post('/api/tags/sync').set(as()).send({ ticketId: theirs.ticketId, tags: [] }).expect(404);
    expect(await count(`SELECT count(*)::int AS n FROM conversations.messages WHERE from_me`)).toBe(0);
  });
});
