import request from 'supertest';
import { contactDeleted, contactSaved } from '@app/contracts';
import { waitFor } from '@app/platform/testing';
import { startConversationsTestApp, type ConversationsTestApp } from '../testing/conversations-test-app';
import { anInboundText } from '../testing/fixtures';
import { InboxScenario } from '../testing/inbox-scenario';

const A = 1;
const B = 2;

describe('contacts over HTTP', () => {
  let t: ConversationsTestApp;
  const admin = () => t.token({ userId: 1, companyId: A, profile: 'admin' });
  const supervisor = () => t.token({ userId: 3, companyId: A, profile: 'supervisor' });
  const user = () => t.token({ userId: 2, companyId: A, profile: 'user' });
  const outsider = () => t.token({ userId: 20, companyId: B, profile: 'admin' });
  const api = () => request(t.http);

  beforeAll(async () => {
    t = await startConversationsTestApp();
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('a user adds a contact (number kept as digits), finds it by search, and another company sees nothing of it', async () => {
    const created = await api()
      .post('/api/contacts')
      .set('Authorization', `Bearer ${user()}`)
      .send({ name: 'João Silva', number: '+55 (11) 98888-1234', email: 'joao@example.com', extraInfo: [{ name: 'CPF', value: '123' }] })
      .expect(201);
    expect(created.body).toMatchObject({ name: 'João Silva', number: '5511988881234', email: 'joao@example.com', extraInfo: [{ id: 1, name: 'CPF', value: '123' }] });
    await waitFor(() => t.events.some((e) => e.type === contactSaved.type && e.companyId === A));
    const found = await api().get('/api/contacts/').query({ searchParam: 'joão' }).set('Authorization', `Bearer ${user()}`).expect(200);
    expect(found.body).toMatchObject({ hasMore: false, contacts: [{ id: created.body.id }] });
    expect((await api().get('/api/contacts/list').set('Authorization', `Bearer ${user()}`).expect(200)).body).toHaveLength(1);

    expect((await api().get('/api/contacts/').set('Authorization', `Bearer ${outsider()}`).expect(200)).body.contacts).toEqual([]);
    expect((await api().get('/api/contacts/list').query({ companyId: A }).set('Authorization', `Bearer ${outsider()}`).expect(200)).body).toEqual([]);
    await api().get(`/api/contacts/${created.body.id}`).set('Authorization', `Bearer ${outsider()}`).expect(404);
    await api().put(`/api/contacts/${created.body.id}`).set('Authorization', `Bearer ${outsider()}`).send({ name: 'Outro' }).expect(404);
    await api().delete(`/api/contacts/${created.body.id}`).set('Authorization', `Bearer ${outsider()}`).expect(404);
  });

  it('the spec validation messages: name 2 to 50, number 8 to 50, valid e-mail', async () => {
    const bad = await api().post('/api/contacts').set('Authorization', `Bearer ${user()}`).send({ name: 'J', number: '1234', email: 'nope' }).expect(400);
    expect(bad.body.fields).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Too Short!' },
        { path: 'number', message: 'Too Short!' },
        { path: 'email', message: 'Invalid email' },
      ]),
    );
    const long = await api().post('/api/contacts').set('Authorization', `Bearer ${user()}`).send({ name: 'x'.repeat(51), number: '5511988880000' }).expect(400);
    expect(long.body.fields).toEqual([{ path: 'name', message: 'Too Long!' }]);
  });

  it('a second contact with the same number answers ERR_DUPLICATED_CONTACT with the existing contact', async () => {
    const duplicate = await api().post('/api/contacts').set('Authorization', `Bearer ${user()}`).send({ name: 'Outro João', number: '5511988881234' }).expect(409);
    expect(duplicate.body).toMatchObject({ error: 'ERR_DUPLICATED_CONTACT', alreadyExists: true, existingContact: { name: 'João Silva' } });
  });

  it("edits keep what was not sent; the last interaction is the last ticket's update", async () => {
    const s = new InboxScenario(t);
    await s.connection({ id: 10, companyId: A });
    await s.inbound(A, 10, anInboundText('5511988881234', 'oi'));
    const [{ id }] = (await api().get('/api/contacts/').set('Authorization', `Bearer ${user()}`)).body.contacts;
    const edited = await api().put(`/api/contacts/${id}`).set('Authorization', `Bearer ${user()}`).send({ email: 'novo@example.com' }).expect(200);
    expect(edited.body).toMatchObject({ name: 'João Silva', email: 'novo@example.com' });
    expect(edited.body.lastInteractionAt).toEqual(expect.any(String));
  });

  it('deleting is for admins and supervisors', async () => {
    const created = await api().post('/api/contacts').set('Authorization', `Bearer ${user()}`).send({ name: 'Para apagar', number: '5511977770000' }).expect(201);
    await api().delete(`/api/contacts/${created.body.id}`).set('Authorization', `Bearer ${user()}`).expect(403);
    await api().delete(`/api/contacts/${created.body.id}`).set('Authorization', `Bearer ${supervisor()}`).expect(200);
    await api().get(`/api/contacts/${created.body.id}`).set('Authorization', `Bearer ${admin()}`).expect(404);
    await waitFor(() => t.events.some((e) => e.type === contactDeleted.type && (e.payload as { contactId: number }).contactId === created.body.id));
  });
});
