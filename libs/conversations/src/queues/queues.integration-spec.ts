import {
  companyCreated,
  DEFAULT_QUEUE_SCHEDULES,
  planCreated,
  queueDeleted,
  queueDeleteResponseSchema,
  queueListResponseSchema,
  queueSaved,
  queueSchema,
} from '@app/contracts';
import { FILE_STORAGE, type FileStorage } from '@app/platform';
import { expectAnswer, waitFor } from '@app/platform/testing';
import request from 'supertest';

import { IdentityProjectionConsumer } from '../projections/identity-projection.consumer';
import { type ConversationsTestApp, startConversationsTestApp } from '../testing/conversations-test-app';
import { envelopeOf } from '../testing/inbox-scenario';

const A = 1;
const B = 2;

describe('queues over HTTP', () => {
  let t: ConversationsTestApp;
  const admin = () => t.token({ userId: 1, companyId: A, profile: 'admin' });
  const user = () => t.token({ userId: 2, companyId: A, profile: 'user' });
  const outsider = () => t.token({ userId: 20, companyId: B, profile: 'admin' });
  const api = () => request(t.http);

  beforeAll(async () => {
    t = await startConversationsTestApp();
    const identity = t.app.get(IdentityProjectionConsumer);
    const plan = {
      id: 5,
      name: 'Básico',
      users: 5,
      connections: 2,
      queues: 2,
      value: 10,
      useCampaigns: false,
      useSchedules: false,
      useInternalChat: false,
      useExternalApi: false,
      useKanban: false,
      useOpenAi: false,
      useIntegrations: false,
      useInternal: false,
    };
    await identity.handle(envelopeOf(planCreated, null, 5, { plan }));
    const company = (id: number) => ({
      id,
      name: `Empresa ${id}`,
      planId: 5,
      status: true,
      approved: true,
      dueDate: null,
      recurrence: 'MENSAL',
      schedules: [],
    });
    await identity.handle(envelopeOf(companyCreated, A, A, { company: company(A) }));
    await identity.handle(envelopeOf(companyCreated, B, B, { company: company(B) }));
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('an admin creates a queue with the default week; any user of the company lists it; another company does not see it', async () => {
    const created = await api()
      .post('/api/queue')
      .set('Authorization', `Bearer ${admin()}`)
      .send({ name: 'Vendas', color: '#ff0000', greetingMessage: 'Olá' })
      .expect(201);
    expectAnswer(queueSchema, created);
    expect(created.body).toMatchObject({ name: 'Vendas', color: '#ff0000', greetingMessage: 'Olá', companyId: A });
    expect(created.body.schedules).toEqual(DEFAULT_QUEUE_SCHEDULES);
    const list = await api().get('/api/queue').set('Authorization', `Bearer ${user()}`).expect(200);
    expect(expectAnswer(queueListResponseSchema, list).map((q) => q.name)).toEqual(['Vendas']);
    expect(
      expectAnswer(queueListResponseSchema, await api().get('/api/queue').set('Authorization', `Bearer ${outsider()}`).expect(200)),
    ).toEqual([]);
    await api().get(`/api/queue/${created.body.id}`).set('Authorization', `Bearer ${outsider()}`).expect(404);
    await api().put(`/api/queue/${created.body.id}`).set('Authorization', `Bearer ${outsider()}`).send({ name: 'Roubada' }).expect(404);
    await api().delete(`/api/queue/${created.body.id}`).set('Authorization', `Bearer ${outsider()}`).expect(404);
  });

  it('names and colours are unique per company, with the spec codes', async () => {
    const name = await api()
      .post('/api/queue')
      .set('Authorization', `Bearer ${admin()}`)
      .send({ name: 'Vendas', color: '#00ff00' })
      .expect(409);
    expect(name.body.error).toBe('ERR_QUEUE_NAME_ALREADY_EXISTS');
    const colour = await api()
      .post('/api/queue')
      .set('Authorization', `Bearer ${admin()}`)
      .send({ name: 'Suporte', color: '#ff0000' })
      .expect(409);
    expect(colour.body.error).toBe('ERR_QUEUE_COLOR_ALREADY_EXISTS');
    await api().post('/api/queue').set('Authorization', `Bearer ${outsider()}`).send({ name: 'Vendas', color: '#ff0000' }).expect(201);
  });

  it("the plan's queue limit refuses one more with 'Limite de filas atingido (x/y)'", async () => {
    await api().post('/api/queue').set('Authorization', `Bearer ${admin()}`).send({ name: 'Suporte', color: '#0000ff' }).expect(201);
    const over = await api()
      .post('/api/queue')
      .set('Authorization', `Bearer ${admin()}`)
      .send({ name: 'Financeiro', color: '#123456' })
      .expect(403);
    expect(over.body).toMatchObject({ error: 'ERR_QUEUE_LIMIT_REACHED', current: 2, max: 2 });
    expect(over.body.message).toBe(
      'Limite de filas atingido (2/2). Exclua uma fila existente ou atualize seu plano para criar mais filas.',
    );
  });

  it('validation uses the spec messages; users may not change queues', async () => {
    const short = await api()
      .post('/api/queue')
      .set('Authorization', `Bearer ${admin()}`)
      .send({ name: 'V', color: '#ff00ff' })
      .expect(400);
    expect(short.body.fields).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'name', message: 'Too Short!' })]));
    await api().post('/api/queue').set('Authorization', `Bearer ${user()}`).send({ name: 'Outra', color: '#ff00ff' }).expect(403);
    const queue = expectAnswer(queueListResponseSchema, await api().get('/api/queue').set('Authorization', `Bearer ${admin()}`)).find(
      (q) => q.name === 'Vendas',
    )!;
    const renamed = await api()
      .put(`/api/queue/${queue.id}`)
      .set('Authorization', `Bearer ${admin()}`)
      .send({ name: 'Vendas B2B' })
      .expect(200);
    expectAnswer(queueSchema, renamed);
    expect(renamed.body).toMatchObject({ name: 'Vendas B2B', color: '#ff0000' });
    expectAnswer(
      queueDeleteResponseSchema,
      await api().delete(`/api/queue/${queue.id}`).set('Authorization', `Bearer ${admin()}`).expect(200),
    );
    await waitFor(() => t.events.some((e) => e.type === queueDeleted.type && (e.payload as { queueId: number }).queueId === queue.id));
    expect(t.events.filter((e) => e.type === queueSaved.type).map((e) => e.companyId)).toEqual(expect.arrayContaining([A, B]));
  });

  it("an admin attaches, replaces and removes a queue's media; the files follow; users and other companies cannot", async () => {
    const storage = t.app.get<FileStorage>(FILE_STORAGE);
    const stored = async (path: string) => {
      const file = await storage.get(path.replace('/api/whatsapp-media/', ''));
      file?.stream.destroy();
      return file !== null;
    };
    const queue = expectAnswer(queueListResponseSchema, await api().get('/api/queue').set('Authorization', `Bearer ${admin()}`)).find(
      (q) => q.name === 'Suporte',
    )!;
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const upload = (token: string, id: number) => api().post(`/api/queue/${id}/media-upload`).set('Authorization', `Bearer ${token}`);

    const attached = await upload(admin(), queue.id)
      .attach('file', png, { filename: 'boas vindas.png', contentType: 'image/png' })
      .expect(201);
    expectAnswer(queueSchema, attached);
    expect(attached.body).toMatchObject({ id: queue.id, mediaName: 'boas_vindas.png' });
    expect(attached.body.mediaPath).toMatch(new RegExp(`^/api/whatsapp-media/companies/${A}/conversations/uploads/.+-boas_vindas\\.png$`));
    expect(await stored(attached.body.mediaPath)).toBe(true);
    expect(
      expectAnswer(queueSchema, await api().get(`/api/queue/${queue.id}`).set('Authorization', `Bearer ${user()}`).expect(200)).mediaName,
    ).toBe('boas_vindas.png');

    const replaced = await upload(admin(), queue.id)
      .attach('file', Buffer.from('%PDF-1.4'), { filename: 'menu.pdf', contentType: 'application/pdf' })
      .expect(201);
    expect(expectAnswer(queueSchema, replaced).mediaName).toBe('menu.pdf');
    expect(await stored(attached.body.mediaPath)).toBe(false);

    const accented = await upload(admin(), queue.id)
      .attach('file', Buffer.from('%PDF-1.4'), { filename: 'relatório ação.pdf', contentType: 'application/pdf' })
      .expect(201);
    expect(expectAnswer(queueSchema, accented).mediaName).toBe('relatório_ação.pdf');
    expect(await stored(accented.body.mediaPath)).toBe(true);
    const lying = await upload(admin(), queue.id)
      .attach('file', Buffer.from('<html><script>alert(1)</script></html>'), { filename: 'menu.pdf', contentType: 'application/pdf' })
      .expect(400);
    expect(lying.body.message).toBe('The file is declared application/pdf but its content is html');
    const refused = await upload(admin(), queue.id)
      .attach('file', Buffer.from('MZ'), { filename: 'x.exe', contentType: 'application/x-msdownload' })
      .expect(400);
    expect(refused.body.fields).toEqual([{ path: 'file', message: 'tipo de arquivo não permitido' }]);
    expect((await upload(admin(), queue.id).expect(400)).body.fields).toEqual([{ path: 'file', message: 'Required' }]);
    await upload(user(), queue.id).attach('file', png, { filename: 'a.png', contentType: 'image/png' }).expect(403);
    await upload(outsider(), queue.id).attach('file', png, { filename: 'a.png', contentType: 'image/png' }).expect(404);
    await api().delete(`/api/queue/${queue.id}/media-upload`).set('Authorization', `Bearer ${outsider()}`).expect(404);
    await api().delete(`/api/queue/${queue.id}/media-upload`).set('Authorization', `Bearer ${user()}`).expect(403);

    const detached = await api().delete(`/api/queue/${queue.id}/media-upload`).set('Authorization', `Bearer ${admin()}`).expect(200);
    expectAnswer(queueSchema, detached);
    expect(detached.body).toMatchObject({ mediaPath: null, mediaName: null });
    expect(await stored(replaced.body.mediaPath)).toBe(false);

    const again = await upload(admin(), queue.id).attach('file', png, { filename: 'ultima.png', contentType: 'image/png' }).expect(201);
    expectAnswer(queueSchema, again);
    await api().delete(`/api/queue/${queue.id}`).set('Authorization', `Bearer ${admin()}`).expect(200);
    expect(await stored(again.body.mediaPath)).toBe(false);
  });
});
