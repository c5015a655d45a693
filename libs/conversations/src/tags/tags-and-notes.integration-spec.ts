import {
  tagListResponseSchema,
  tagSchema,
  ticketListResponseSchema,
  ticketNoteDeleteResponseSchema,
  ticketNoteListResponseSchema,
  ticketNoteSchema,
  ticketSchema,
  ticketTagsChanged,
} from '@app/contracts';
import { readEvent } from '@app/platform';
import { expectAnswer } from '@app/platform/testing';
import request from 'supertest';

import { type ConversationsTestApp, startConversationsTestApp } from '../testing/conversations-test-app';
import { anInboundText } from '../testing/fixtures';
import { InboxScenario } from '../testing/inbox-scenario';

const A = 1;
const B = 2;

describe('tags and ticket notes over HTTP', () => {
  let t: ConversationsTestApp;
  let s: InboxScenario;
  let ticketId: number;
  let contactId: number;
  const admin = () => t.token({ userId: 1, companyId: A, profile: 'admin' });
  const user = () => t.token({ userId: 2, companyId: A, profile: 'user' });
  const outsider = () => t.token({ userId: 20, companyId: B, profile: 'admin' });
  const api = () => request(t.http);

  beforeAll(async () => {
    t = await startConversationsTestApp();
    s = new InboxScenario(t);
    await s.user({ id: 1, companyId: A, name: 'Admin', profile: 'admin' });
    await s.user({ id: 2, companyId: A, name: 'Ana' });
    await s.connection({ id: 10, companyId: A });
    await s.inbound(A, 10, anInboundText('5511900001111', 'oi'));
    const ticket = await s.ticketOf('5511900001111');
    ticketId = ticket.id;
    [{ id: contactId }] = await t.dataSource.query(`SELECT id FROM conversations.contacts WHERE number = '5511900001111'`);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('tags are created per company (name at least 3 characters) and synced onto a ticket', async () => {
    const short = await api().post('/api/tags').set('Authorization', `Bearer ${user()}`).send({ name: 'ab' }).expect(400);
    expect(short.body.fields).toEqual([{ path: 'name', message: 'Mensagem muito curta' }]);
    const vip = await api()
      .post('/api/tags')
      .set('Authorization', `Bearer ${user()}`)
      .send({ name: 'VIP', color: '#ffcc00', kanban: 1 })
      .expect(201);
    expectAnswer(tagSchema, vip);
    expect(vip.body).toMatchObject({ name: 'VIP', color: '#ffcc00', kanban: 0 });
    const lead = await api().post('/api/tags').set('Authorization', `Bearer ${admin()}`).send({ name: 'Lead', kanban: 1 }).expect(201);
    expect(expectAnswer(tagSchema, lead).kanban).toBe(1);
    expect(
      expectAnswer(tagListResponseSchema, await api().get('/api/tags/list').set('Authorization', `Bearer ${user()}`).expect(200)).map(
        (x) => x.name,
      ),
    ).toEqual(['Lead', 'VIP']);
    expect(
      expectAnswer(tagListResponseSchema, await api().get('/api/tags/list').set('Authorization', `Bearer ${outsider()}`).expect(200)),
    ).toEqual([]);

    const synced = await api()
      .post('/api/tags/sync')
      .set('Authorization', `Bearer ${user()}`)
      .send({ ticketId, tags: [{ id: vip.body.id }, { id: lead.body.id }] })
      .expect(200);
    expect(expectAnswer(ticketSchema, synced).tags.map((x) => x.name)).toEqual(['Lead', 'VIP']);
    // Those who follow tags only (the tag campaigns) are told the ticket's tags and its contact.
    await t.published();
    const tagged = t.events.map((event) => readEvent(ticketTagsChanged, event)).filter((event) => event?.ticketId === ticketId);
    expect(tagged.at(-1)).toEqual({
      ticketId,
      contactId: expect.any(Number),
      tags: [
        { id: lead.body.id, name: 'Lead' },
        { id: vip.body.id, name: 'VIP' },
      ],
    });
    const filtered = await api()
      .get('/api/tickets')
      .query({ tags: JSON.stringify([vip.body.id]) })
      .set('Authorization', `Bearer ${admin()}`)
      .expect(200);
    expect(expectAnswer(ticketListResponseSchema, filtered).tickets.map((x) => x.id)).toEqual([ticketId]);
    await api().post('/api/tags/sync').set('Authorization', `Bearer ${outsider()}`).send({ ticketId, tags: [] }).expect(404);
    const outsiderTag = await api().post('/api/tags').set('Authorization', `Bearer ${outsider()}`).send({ name: 'Deles' }).expect(201);
    await api()
      .post('/api/tags/sync')
      .set('Authorization', `Bearer ${admin()}`)
      .send({ ticketId, tags: [{ id: expectAnswer(tagSchema, outsiderTag).id }] })
      .expect(404);
  });

  it('notes are kept on the contact with their author; another company can neither read nor write them', async () => {
    const short = await api()
      .post('/api/ticket-notes')
      .set('Authorization', `Bearer ${user()}`)
      .send({ note: 'a', contactId, ticketId })
      .expect(400);
    expect(short.body.fields).toEqual([{ path: 'note', message: 'Muito curto!' }]);
    const note = await api()
      .post('/api/ticket-notes')
      .set('Authorization', `Bearer ${user()}`)
      .send({ note: 'Cliente prefere e-mail', contactId, ticketId })
      .expect(201);
    expectAnswer(ticketNoteSchema, note);
    expect(note.body).toMatchObject({ note: 'Cliente prefere e-mail', user: { id: 2, name: 'Ana' }, ticketId, contactId });
    const list = await api()
      .get('/api/ticket-notes/list')
      .query({ contactId, ticketId })
      .set('Authorization', `Bearer ${admin()}`)
      .expect(200);
    expect(expectAnswer(ticketNoteListResponseSchema, list).map((n) => n.id)).toEqual([note.body.id]);

    expect(
      expectAnswer(
        ticketNoteListResponseSchema,
        await api().get('/api/ticket-notes/list').query({ contactId }).set('Authorization', `Bearer ${outsider()}`).expect(200),
      ),
    ).toEqual([]);
    await api().post('/api/ticket-notes').set('Authorization', `Bearer ${outsider()}`).send({ note: 'intrusa', contactId }).expect(404);
    await api().delete(`/api/ticket-notes/${note.body.id}`).set('Authorization', `Bearer ${outsider()}`).expect(404);
    const deleted = await api().delete(`/api/ticket-notes/${note.body.id}`).set('Authorization', `Bearer ${user()}`).expect(200);
    expect(expectAnswer(ticketNoteDeleteResponseSchema, deleted).message).toBe('Observação excluída com sucesso!');
  });
});
