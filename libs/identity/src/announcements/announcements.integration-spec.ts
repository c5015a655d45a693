import { announcementPageResponseSchema, announcementResponseSchema } from '@app/contracts';
import { expectAnswer } from '@app/platform/testing';
import request from 'supertest';

import { as, fieldMessages, logIn, outboxEvents } from '../testing/http';
import { type IdentityTestApp, insertCompanyWithAdmin, startIdentityTestApp, TEST_ADMIN } from '../testing/identity-test-app';
import { IMAGES } from '../testing/images';

// Passwords are hashed with argon2: slow by design, slower still when suites run side by side.
jest.setTimeout(30_000);

describe('announcements over HTTP: super users write them, every company reads the active ones', () => {
  let t: IdentityTestApp;
  let root: string;
  let admin: string;

  beforeAll(async () => {
    t = await startIdentityTestApp();
    await insertCompanyWithAdmin(t.dataSource, { name: 'Acme', adminEmail: 'boss@acme.test', password: 'acme-pass-1' });
    root = (await logIn(t, TEST_ADMIN.email, TEST_ADMIN.password)).token;
    admin = (await logIn(t, 'boss@acme.test', 'acme-pass-1')).token;
  });
  afterAll(() => t?.close());

  it('a super user publishes announcements with a priority; everyone sees the active ones, highest priority first', async () => {
    const low = await as(t, root).post('/api/announcements').send({ title: 'Novidade', text: 'Temos tema escuro' }).expect(201);
    expectAnswer(announcementResponseSchema, low);
    expect(low.body).toMatchObject({ priority: 3, status: true, mediaPath: null });
    await as(t, root).post('/api/announcements').send({ title: 'Manutenção', text: 'Domingo às 22h', priority: 1 }).expect(201);
    await as(t, root).post('/api/announcements').send({ title: 'Rascunho', text: 'Ainda não', priority: 2, status: false }).expect(201);

    const seen = await as(t, admin).get('/api/announcements').expect(200);
    expectAnswer(announcementPageResponseSchema, seen);
    expect(seen.body).toMatchObject({ count: 2, hasMore: false });
    expect(seen.body.records.map((a: { title: string }) => a.title)).toEqual(['Manutenção', 'Novidade']);
    const all = await as(t, root).get('/api/announcements').query({ searchParam: 'rascunho' }).expect(200);
    expectAnswer(announcementPageResponseSchema, all);
    expect(all.body.records.map((a: { title: string }) => a.title)).toEqual(['Rascunho']);
    await as(t, admin).get(`/api/announcements/${all.body.records[0].id}`).expect(404);

    const events = await outboxEvents(t, 'identity.announcement.created');
    expect(events.at(-1)).toMatchObject({ companyId: null, payload: { announcement: { title: 'Rascunho', priority: 2 } } });
  });

  it('an announcement is updated and deleted, each an event', async () => {
    const created = expectAnswer(
      announcementResponseSchema,
      await as(t, root).post('/api/announcements').send({ title: 'Temp', text: 'Temp' }).expect(201),
    );
    await as(t, root).put(`/api/announcements/${created.id}`).send({ priority: 2, status: false }).expect(200);
    expect((await outboxEvents(t, 'identity.announcement.updated')).at(-1)!.payload.announcement).toMatchObject({
      id: created.id,
      priority: 2,
      status: false,
    });
    await as(t, root).delete(`/api/announcements/${created.id}`).expect(204);
    expect((await outboxEvents(t, 'identity.announcement.deleted')).at(-1)!.payload).toEqual({ announcementId: created.id });
    await as(t, root).get(`/api/announcements/${created.id}`).expect(404);
  });

  it('the attachment is .png, .jpg or .jpeg only, checked by name and by content, and served publicly', async () => {
    const { id } = expectAnswer(
      announcementResponseSchema,
      await as(t, root).post('/api/announcements').send({ title: 'Com imagem', text: 'Veja' }).expect(201),
    );
    const attached = await as(t, root)
      .post(`/api/announcements/${id}/media-upload`)
      .attach('file', IMAGES.jpeg, 'foto de capa.jpg')
      .expect(201);
    expectAnswer(announcementResponseSchema, attached);
    expect(attached.body).toMatchObject({ mediaName: 'foto_de_capa.jpg', mediaPath: `/api/announcements/${id}/media/foto_de_capa.jpg` });
    const served = await request(t.http).get(attached.body.mediaPath).expect(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.from(served.body).equals(IMAGES.jpeg)).toBe(true);

    const replaced = await as(t, root).post(`/api/announcements/${id}/media-upload`).attach('file', IMAGES.png, 'banner.PNG').expect(201);
    expect(expectAnswer(announcementResponseSchema, replaced).mediaName).toBe('banner.PNG');
    await request(t.http).get(attached.body.mediaPath).expect(404);

    for (const [buffer, name] of [
      [IMAGES.gif, 'anim.gif'],
      [IMAGES.svg, 'logo.svg'],
      [IMAGES.text, 'fake.png'],
      [IMAGES.png, 'renamed.jpg'],
    ] as const) {
      const refused = await as(t, root).post(`/api/announcements/${id}/media-upload`).attach('file', buffer, name).expect(400);
      expect(fieldMessages(refused)).toEqual({ file: 'Use somente arquivos em formato PNG, JPG ou JPEG!' });
    }
    expect(fieldMessages(await as(t, root).post(`/api/announcements/${id}/media-upload`).expect(400))).toEqual({ file: 'Obrigatório' });

    const accented = await as(t, root)
      .post(`/api/announcements/${id}/media-upload`)
      .attach('file', IMAGES.png, 'relatório ação.png')
      .expect(201);
    expect(expectAnswer(announcementResponseSchema, accented).mediaName).toBe('relatório_ação.png');
    const servedAccented = await request(t.http).get(accented.body.mediaPath).expect(200);
    expect(servedAccented.headers['content-disposition']).toBe(
      `inline; filename="relatorio_acao.png"; filename*=UTF-8''${encodeURIComponent('relatório_ação.png')}`,
    );

    const detached = await as(t, root).delete(`/api/announcements/${id}/media-upload`).expect(200);
    expectAnswer(announcementResponseSchema, detached);
    expect(detached.body).toMatchObject({ mediaPath: null, mediaName: null });
    await request(t.http).get(accented.body.mediaPath).expect(404);
  });

  it('writing is refused to admins; title and text are required', async () => {
    const { id } = expectAnswer(
      announcementResponseSchema,
      await as(t, root).post('/api/announcements').send({ title: 'Fixed', text: 'Fixed' }).expect(201),
    );
    for (const call of [
      as(t, admin).post('/api/announcements').send({ title: 'Mine', text: 'Mine' }),
      as(t, admin).put(`/api/announcements/${id}`).send({ title: 'Mine' }),
      as(t, admin).delete(`/api/announcements/${id}`),
      as(t, admin).post(`/api/announcements/${id}/media-upload`).attach('file', IMAGES.png, 'x.png'),
      as(t, admin).delete(`/api/announcements/${id}/media-upload`),
    ]) {
      expect((await call.expect(403)).body.error).toBe('ERR_NO_PERMISSION');
    }
    expect(fieldMessages(await as(t, root).post('/api/announcements').send({}).expect(400))).toEqual({
      title: 'Obrigatório',
      text: 'Obrigatório',
    });
    expect(fieldMessages(await as(t, root).post('/api/announcements').send({ title: 'x', text: 'y', priority: 4 }).expect(400))).toEqual({
      priority: 'Valor inválido',
    });
  });
});
