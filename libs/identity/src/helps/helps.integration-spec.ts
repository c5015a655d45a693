import { helpListResponseSchema, helpPageResponseSchema, helpResponseSchema } from '@app/contracts';
import { expectAnswer } from '@app/platform/testing';

import { as, fieldMessages, logIn } from '../testing/http';
import { type IdentityTestApp, insertCompanyWithAdmin, startIdentityTestApp, TEST_ADMIN } from '../testing/identity-test-app';

// Passwords are hashed with argon2: slow by design, slower still when suites run side by side.
jest.setTimeout(30_000);

describe('helps over HTTP: super users write, everyone reads', () => {
  let t: IdentityTestApp;
  let root: string;
  let user: string;

  beforeAll(async () => {
    t = await startIdentityTestApp();
    await insertCompanyWithAdmin(t.dataSource, { name: 'Acme', adminEmail: 'boss@acme.test', password: 'acme-pass-1' });
    root = (await logIn(t, TEST_ADMIN.email, TEST_ADMIN.password)).token;
    const admin = (await logIn(t, 'boss@acme.test', 'acme-pass-1')).token;
    await as(t, admin).post('/api/users').send({ name: 'Plain', email: 'plain@acme.test', password: 'plain-pass' }).expect(201);
    user = (await logIn(t, 'plain@acme.test', 'plain-pass')).token;
  });
  afterAll(() => t?.close());

  it('a super user creates, updates and deletes a help video; any user lists them', async () => {
    const created = await as(t, root)
      .post('/api/helps')
      .send({ title: 'Conectando o WhatsApp', description: 'Passo a passo', video: 'dQw4w9WgXcQ' })
      .expect(201);
    expectAnswer(helpResponseSchema, created);
    expect(created.body).toMatchObject({ title: 'Conectando o WhatsApp', video: 'dQw4w9WgXcQ' });
    await as(t, root).post('/api/helps').send({ title: 'Filas' }).expect(201);
    const updated = await as(t, root).put(`/api/helps/${created.body.id}`).send({ description: 'Atualizado' }).expect(200);
    expectAnswer(helpResponseSchema, updated);
    expect(updated.body).toMatchObject({ title: 'Conectando o WhatsApp', description: 'Atualizado' });

    const list = await as(t, user).get('/api/helps/list').expect(200);
    expectAnswer(helpListResponseSchema, list);
    expect(list.body.map((h: { title: string }) => h.title)).toEqual(['Conectando o WhatsApp', 'Filas']);
    const page = await as(t, user).get('/api/helps').query({ searchParam: 'filas' }).expect(200);
    expectAnswer(helpPageResponseSchema, page);
    expect(page.body).toMatchObject({ count: 1, hasMore: false, helps: [{ title: 'Filas' }] });
    expectAnswer(helpResponseSchema, await as(t, user).get(`/api/helps/${created.body.id}`).expect(200));

    await as(t, root).delete(`/api/helps/${created.body.id}`).expect(204);
    await as(t, root).delete(`/api/helps/${created.body.id}`).expect(404);
  });

  it('writing is refused to non-super users; a title is required', async () => {
    const [help] = expectAnswer(helpListResponseSchema, await as(t, user).get('/api/helps/list').expect(200));
    for (const call of [
      as(t, user).post('/api/helps').send({ title: 'Mine' }),
      as(t, user).put(`/api/helps/${help.id}`).send({ title: 'Mine' }),
      as(t, user).delete(`/api/helps/${help.id}`),
    ]) {
      expect((await call.expect(403)).body.error).toBe('ERR_NO_PERMISSION');
    }
    expect(fieldMessages(await as(t, root).post('/api/helps').send({ title: '' }).expect(400))).toEqual({ title: 'Obrigatório' });
  });
});
