import { planListResponseSchema, planResponseSchema } from '@app/contracts';
import { expectAnswer } from '@app/platform/testing';
import request from 'supertest';

import { as, fieldMessages, logIn, outboxEvents } from '../testing/http';
import { type IdentityTestApp, insertCompanyWithAdmin, startIdentityTestApp, TEST_ADMIN } from '../testing/identity-test-app';

// Passwords are hashed with argon2: slow by design, slower still when suites run side by side.
jest.setTimeout(30_000);

describe('plans over HTTP: super users manage them, visitors list the public ones', () => {
  let t: IdentityTestApp;
  let root: string;
  let acme: string;
  let acmePlanId: number;

  beforeAll(async () => {
    t = await startIdentityTestApp();
    const a = await insertCompanyWithAdmin(t.dataSource, { name: 'Acme', adminEmail: 'boss@acme.test', password: 'acme-pass-1' });
    acmePlanId = a.company.planId;
    root = (await logIn(t, TEST_ADMIN.email, TEST_ADMIN.password)).token;
    acme = (await logIn(t, 'boss@acme.test', 'acme-pass-1')).token;
  });
  afterAll(() => t?.close());

  it('a plan is created with its limits and every use* flag; money is read in pt-BR format', async () => {
    const created = await as(t, root)
      .post('/api/plans')
      .send({
        name: 'Pro',
        users: 10,
        connections: 3,
        queues: 8,
        value: '1.234,56',
        useCampaigns: true,
        useOpenAi: true,
        useInternal: false,
      })
      .expect(201);
    expectAnswer(planResponseSchema, created);
    expect(created.body).toMatchObject({
      name: 'Pro',
      users: 10,
      connections: 3,
      queues: 8,
      value: 1234.56,
      useCampaigns: true,
      useOpenAi: true,
      useKanban: false,
      useSchedules: false,
      useInternalChat: false,
      useExternalApi: false,
      useIntegrations: false,
      useInternal: false,
    });
    expect(
      expectAnswer(
        planResponseSchema,
        await as(t, root).post('/api/plans').send({ name: 'Cheap', users: 1, connections: 1, queues: 1, value: 19.9 }).expect(201),
      ).value,
    ).toBe(19.9);
    const [event] = (await outboxEvents(t, 'identity.plan.created')).filter((e) => e.payload.plan.name === 'Pro');
    expect(event.payload.plan).toMatchObject({ value: 1234.56, queues: 8 });
  });

  it('GET /plans/list, /plans/register and /plans/listpublic (the ticketz sign-up) answer without a token and hide internal plans', async () => {
    await as(t, root)
      .post('/api/plans')
      .send({ name: 'Interno', users: 1, connections: 1, queues: 1, value: 0, useInternal: true })
      .expect(201);
    const list = await request(t.http).get('/api/plans/list').expect(200);
    const names = expectAnswer(planListResponseSchema, list).map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['Pro', 'Cheap']));
    expect(names).not.toContain('Interno');
    expect(names).not.toContain('Plataforma');
    expect(expectAnswer(planListResponseSchema, await request(t.http).get('/api/plans/register').expect(200))).toEqual(list.body);
    expect(expectAnswer(planListResponseSchema, await request(t.http).get('/api/plans/listpublic').expect(200))).toEqual(list.body);
    const all = await as(t, root).get('/api/plans/all').expect(200);
    expect(expectAnswer(planListResponseSchema, all).map((p) => p.name)).toEqual(expect.arrayContaining(['Interno', 'Plataforma', 'Pro']));
  });

  it('bad input answers 400 with field messages', async () => {
    const bad = await as(t, root).post('/api/plans').send({ name: 'P', users: -1, connections: 'x', value: 'abc' }).expect(400);
    expect(fieldMessages(bad)).toMatchObject({ name: 'Muito curto!', users: 'Valor inválido', value: 'Valor inválido' });
    const dup = await as(t, root).post('/api/plans').send({ name: 'Pro', users: 1, connections: 1, queues: 1, value: 1 }).expect(400);
    expect(fieldMessages(dup).name).toBeDefined();
  });

  it('a plan is updated and deleted; one in use by a company is kept (409 ERR_PLAN_IN_USE)', async () => {
    const plan = expectAnswer(
      planResponseSchema,
      await as(t, root).post('/api/plans').send({ name: 'Temp', users: 1, connections: 1, queues: 1, value: 5 }).expect(201),
    );
    const updated = await as(t, root).put(`/api/plans/${plan.id}`).send({ users: 4, useKanban: true, value: '9,99' }).expect(200);
    expectAnswer(planResponseSchema, updated);
    expect(updated.body).toMatchObject({ users: 4, useKanban: true, value: 9.99, name: 'Temp' });
    expect(expectAnswer(planResponseSchema, await as(t, root).get(`/api/plans/${plan.id}`).expect(200)).users).toBe(4);
    await as(t, root).delete(`/api/plans/${plan.id}`).expect(204);
    await as(t, root).get(`/api/plans/${plan.id}`).expect(404);
    expect((await outboxEvents(t, 'identity.plan.deleted')).map((e) => e.payload.planId)).toContain(plan.id);
    const inUse = await as(t, root).delete(`/api/plans/${acmePlanId}`).expect(409);
    expect(inUse.body.error).toBe('ERR_PLAN_IN_USE');
  });

  it('admins may not manage nor list every plan (403)', async () => {
    for (const call of [
      as(t, acme).get('/api/plans/all'),
      as(t, acme).get(`/api/plans/${acmePlanId}`),
      as(t, acme).post('/api/plans').send({ name: 'Mine', users: 999, connections: 1, queues: 1, value: 0 }),
      as(t, acme).put(`/api/plans/${acmePlanId}`).send({ users: 999 }),
      as(t, acme).delete(`/api/plans/${acmePlanId}`),
    ]) {
      expect((await call.expect(403)).body.error).toBe('ERR_NO_PERMISSION');
    }
  });
});
