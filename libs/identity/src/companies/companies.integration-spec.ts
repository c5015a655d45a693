import { companyListResponseSchema, companyPageResponseSchema, companyPlanResponseSchema, companyResponseSchema } from '@app/contracts';
import { expectAnswer } from '@app/platform/testing';
import request from 'supertest';

import { SettingRepository } from '../settings/setting.repository';
import { as, fieldMessages, logIn, outboxEvents } from '../testing/http';
import { countUsers, type IdentityTestApp, insertCompanyWithAdmin, startIdentityTestApp, TEST_ADMIN } from '../testing/identity-test-app';

// Passwords are hashed with argon2: slow by design, slower still when suites run side by side.
jest.setTimeout(30_000);

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('companies over HTTP: super users manage them, admins read their own', () => {
  let t: IdentityTestApp;
  let root: string;
  let acme: string;
  let acmeId: number;
  let betaId: number;
  let planId: number;

  beforeAll(async () => {
    t = await startIdentityTestApp();
    const a = await insertCompanyWithAdmin(t.dataSource, { name: 'Acme', adminEmail: 'boss@acme.test', password: 'acme-pass-1' });
    const b = await insertCompanyWithAdmin(t.dataSource, { name: 'Beta', adminEmail: 'boss@beta.test', password: 'beta-pass-1' });
    acmeId = a.company.id;
    betaId = b.company.id;
    planId = a.company.planId;
    root = (await logIn(t, TEST_ADMIN.email, TEST_ADMIN.password)).token;
    acme = (await logIn(t, 'boss@acme.test', 'acme-pass-1')).token;
  });
  afterAll(() => t?.close());

  it('a super user creates a company with its settings and its first admin, who logs in', async () => {
    const created = await as(t, root)
      .post('/api/companies')
      .send({
        name: 'Gamma',
        email: 'Boss@Gamma.test',
        phone: '(21) 99999-0000',
        password: 'gamma-pass',
        planId,
        dueDate: inDays(30),
        campaignsEnabled: true,
      })
      .expect(201);
    expectAnswer(companyResponseSchema, created);
    expect(created.body).toMatchObject({
      name: 'Gamma',
      email: 'boss@gamma.test',
      phone: '21999990000',
      status: true,
      approved: true,
      recurrence: 'MENSAL',
      dueDate: inDays(30),
      campaignsEnabled: true,
      plan: { id: planId },
    });
    const settings = await new SettingRepository(t.dataSource).companySettings(created.body.id);
    expect(settings.map((s) => s.key)).toEqual(
      expect.arrayContaining(['userRating', 'scheduleType', 'call', 'campaignsEnabled', 'chatBotType']),
    );
    const session = await logIn(t, 'boss@gamma.test', 'gamma-pass');
    expect(session.body.user).toMatchObject({ profile: 'admin', company: { name: 'Gamma' } });
    expect(session.body.user.company.settings).toEqual(expect.arrayContaining([{ key: 'campaignsEnabled', value: 'true' }]));
    const [event] = (await outboxEvents(t, 'identity.company.created')).filter((e) => e.payload.company.id === created.body.id);
    expect(event.payload.company).toMatchObject({ name: 'Gamma', planId, approved: true });
  });

  it('a company name or e-mail taken, or bad input, is refused', async () => {
    const name = await as(t, root)
      .post('/api/companies')
      .send({ name: 'Acme', email: 'new@acme2.test', password: 'pass-pass', planId })
      .expect(409);
    expect(name.body.error).toBe('ERR_COMPANY_NAME_ALREADY_EXISTS');
    const email = await as(t, root)
      .post('/api/companies')
      .send({ name: 'Acme 2', email: 'boss@acme.test', password: 'pass-pass', planId })
      .expect(409);
    expect(email.body.error).toBe('ERR_EMAIL_ALREADY_EXISTS');
    expect(
      fieldMessages(await as(t, root).post('/api/companies').send({ name: 'A', email: 'x', password: '1', planId }).expect(400)),
    ).toEqual({
      name: 'Muito curto!',
      email: 'E-mail inválido',
      password: 'Too Short!',
    });
    const plan = await as(t, root)
      .post('/api/companies')
      .send({ name: 'No Plan Co', email: 'np@np.test', password: 'pass-pass', planId: 9999 })
      .expect(400);
    expect(fieldMessages(plan).planId).toBeDefined();
    const recurrence = await as(t, root).put(`/api/companies/${betaId}`).send({ recurrence: 'DIARIO' }).expect(400);
    expect(fieldMessages(recurrence).recurrence).toBeDefined();
  });

  it('approval, status, plan, due date and recurrence change; an empty due date becomes null', async () => {
    const updated = await as(t, root)
      .put(`/api/companies/${betaId}`)
      .send({ approved: false, recurrence: 'TRIMESTRAL', dueDate: '' })
      .expect(200);
    expectAnswer(companyResponseSchema, updated);
    expect(updated.body).toMatchObject({ approved: false, recurrence: 'TRIMESTRAL', dueDate: null });
    const refused = await request(t.http).post('/api/auth/login').send({ email: 'boss@beta.test', password: 'beta-pass-1' }).expect(401);
    expect(refused.body.error).toBe('ERR_COMPANY_NOT_APPROVED');

    await as(t, root)
      .put(`/api/companies/${betaId}`)
      .send({ approved: true, status: false, dueDate: inDays(10) })
      .expect(200);
    const inactive = await request(t.http).post('/api/auth/login').send({ email: 'boss@beta.test', password: 'beta-pass-1' }).expect(403);
    expect(inactive.body.error).toBe('ERR_NO_PERMISSION');
    await as(t, root).put(`/api/companies/${betaId}`).send({ status: true, dueDate: '2020-02-29' }).expect(200);
    const expired = await request(t.http).post('/api/auth/login').send({ email: 'boss@beta.test', password: 'beta-pass-1' }).expect(401);
    expect(expired.body).toMatchObject({ error: 'ERR_SUBSCRIPTION_EXPIRED', dueDate: '2020-02-29' });
    const events = await outboxEvents(t, 'identity.company.updated');
    expect(events.at(-1)!.payload.company).toMatchObject({ id: betaId, dueDate: '2020-02-29', status: true });
  });

  it("a super user keeps the company's billing fields; its own admin reads them, another company's admin gets 404; bad ones are refused", async () => {
    const billing = {
      billingName: 'Acme Comércio Ltda',
      billingEmail: 'Financeiro@Acme.test',
      addressZipCode: '80010-000',
      addressStreet: 'Rua XV de Novembro, 100',
      addressState: 'PR',
      addressCity: 'Curitiba',
      addressDistrict: 'Centro',
      trialExpiration: inDays(4),
    };
    const updated = await as(t, root).put(`/api/companies/${acmeId}`).send(billing).expect(200);
    expectAnswer(companyResponseSchema, updated);
    expect(updated.body).toMatchObject({ ...billing, billingEmail: 'financeiro@acme.test' });
    const own = expectAnswer(companyResponseSchema, await as(t, acme).get(`/api/companies/${acmeId}`).expect(200));
    expect(own).toMatchObject({ billingEmail: 'financeiro@acme.test', trialExpiration: inDays(4), addressCity: 'Curitiba' });
    const theirs = await as(t, acme).get(`/api/companies/${betaId}`).expect(404);
    expect(theirs.body.error).toBe('ERR_NOT_FOUND');
    // An admin may not change them (super users only), not even their own company's.
    expect((await as(t, acme).put(`/api/companies/${acmeId}`).send({ billingName: 'Outra' }).expect(403)).body.error).toBe(
      'ERR_NO_PERMISSION',
    );

    const bad = await as(t, root)
      .put(`/api/companies/${acmeId}`)
      .send({ billingEmail: 'not-an-email', addressZipCode: '12', billingName: 'x'.repeat(101) })
      .expect(400);
    expect(fieldMessages(bad)).toEqual({
      billingEmail: 'E-mail inválido',
      addressZipCode: 'Valor inválido',
      billingName: expect.any(String),
    });

    // Fields not sent stay; empty ones are cleared.
    const cleared = await as(t, root).put(`/api/companies/${acmeId}`).send({ addressDistrict: '', trialExpiration: '' }).expect(200);
    expect(cleared.body).toMatchObject({ addressDistrict: null, trialExpiration: null, billingName: 'Acme Comércio Ltda' });
  });

  it('+Vencimento moves the due date on by the recurrence, clamped to the month end', async () => {
    await as(t, root).put(`/api/companies/${betaId}`).send({ dueDate: '2027-01-31', recurrence: 'MENSAL' }).expect(200);
    expect(expectAnswer(companyResponseSchema, await as(t, root).post(`/api/companies/${betaId}/advanceDueDate`).expect(200)).dueDate).toBe(
      '2027-02-28',
    );
    await as(t, root).put(`/api/companies/${betaId}`).send({ recurrence: 'TRIMESTRAL' }).expect(200);
    expect(expectAnswer(companyResponseSchema, await as(t, root).post(`/api/companies/${betaId}/advanceDueDate`).expect(200)).dueDate).toBe(
      '2027-05-28',
    );
    await as(t, root).put(`/api/companies/${betaId}`).send({ recurrence: 'ANUAL' }).expect(200);
    expect(expectAnswer(companyResponseSchema, await as(t, root).post(`/api/companies/${betaId}/advanceDueDate`).expect(200)).dueDate).toBe(
      '2028-05-28',
    );
  });

  it('the list is searched and paged for super users', async () => {
    const page = await as(t, root).get('/api/companies').query({ searchParam: 'GAM' }).expect(200);
    expectAnswer(companyPageResponseSchema, page);
    expect(page.body).toMatchObject({ count: 1, hasMore: false, companies: [{ name: 'Gamma' }] });
    const all = await as(t, root).get('/api/companies/list').expect(200);
    expect(expectAnswer(companyListResponseSchema, all).map((c) => c.name)).toEqual(
      expect.arrayContaining(['Acme', 'Beta', 'Gamma', 'Plataforma']),
    );
  });

  it('an admin reads their own company and its plan, and gets 404 for any other', async () => {
    const own = await as(t, acme).get(`/api/companies/${acmeId}`).expect(200);
    expectAnswer(companyResponseSchema, own);
    expect(own.body).toMatchObject({ id: acmeId, name: 'Acme', schedules: [] });
    const plan = await as(t, acme).get(`/api/companies/listPlan/${acmeId}`).expect(200);
    expectAnswer(companyPlanResponseSchema, plan);
    expect(plan.body).toMatchObject({ id: acmeId, planId, plan: { useSchedules: true, useKanban: false, users: 10 } });
    expect((await as(t, acme).get(`/api/companies/${betaId}`).expect(404)).body.error).toBe('ERR_NOT_FOUND');
    await as(t, acme).get(`/api/companies/listPlan/${betaId}`).expect(404);
    expectAnswer(companyPlanResponseSchema, await as(t, root).get(`/api/companies/listPlan/${betaId}`).expect(200));
  });

  it('opening hours: the company admin sets them, plain users and other companies cannot', async () => {
    const schedules = [
      { weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' },
      { weekday: 'Domingo', weekdayEn: 'sunday', startTime: '', endTime: '' },
    ];
    const saved = await as(t, acme).put(`/api/companies/${acmeId}/schedules`).send({ id: acmeId, schedules }).expect(200);
    expect(expectAnswer(companyResponseSchema, saved).schedules).toEqual(schedules);
    await as(t, acme).put(`/api/companies/${betaId}/schedules`).send({ schedules }).expect(404);
    await as(t, acme).post('/api/users').send({ name: 'Plain', email: 'plain@acme.test', password: 'plain-pass' }).expect(201);
    const plain = await logIn(t, 'plain@acme.test', 'plain-pass');
    await as(t, plain.token).put(`/api/companies/${acmeId}/schedules`).send({ schedules }).expect(403);
    const bad = await as(t, acme)
      .put(`/api/companies/${acmeId}/schedules`)
      .send({ schedules: [{ weekday: 'x', weekdayEn: 'funday', startTime: '25:00', endTime: '8h' }] })
      .expect(400);
    expect(bad.body.error).toBe('ERR_VALIDATION');
  });

  it('super-only calls are refused to admins with 403 ERR_NO_PERMISSION', async () => {
    const calls = [
      as(t, acme).get('/api/companies'),
      as(t, acme).get('/api/companies/list'),
      as(t, acme).post('/api/companies').send({ name: 'Sneaky', email: 's@s.test', password: 'sneaky', planId }),
      as(t, acme).put(`/api/companies/${acmeId}`).send({ dueDate: '2999-12-31' }),
      as(t, acme).put(`/api/companies/${betaId}`).send({ approved: true }),
      as(t, acme).post(`/api/companies/${acmeId}/advanceDueDate`),
      as(t, acme).delete(`/api/companies/${betaId}`),
    ];
    for (const call of calls) expect((await call.expect(403)).body.error).toBe('ERR_NO_PERMISSION');
  });

  it('a super user deletes a company with its users, but never their own company', async () => {
    const doomed = await insertCompanyWithAdmin(t.dataSource, { name: 'Doomed', adminEmail: 'boss@doomed.test', password: 'doomed-1' });
    await as(t, root).delete(`/api/companies/${doomed.company.id}`).expect(204);
    expect(await countUsers(t.dataSource, { companyId: doomed.company.id })).toBe(0);
    expect((await outboxEvents(t, 'identity.company.deleted')).map((e) => e.payload.companyId)).toContain(doomed.company.id);
    expect((await outboxEvents(t, 'identity.user.deleted')).map((e) => e.payload)).toContainEqual({
      userId: doomed.admin.id,
      companyId: doomed.company.id,
    });
    await as(t, root).delete(`/api/companies/${doomed.company.id}`).expect(404);
    const [platform] = await t.dataSource.query(`SELECT company_id FROM identity.users WHERE email = $1`, [TEST_ADMIN.email]);
    expect((await as(t, root).delete(`/api/companies/${platform.company_id}`).expect(403)).body.error).toBe('ERR_NO_PERMISSION');
  });
});
