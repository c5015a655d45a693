import { settingListResponseSchema, userListResponseSchema, userPageResponseSchema, userResponseSchema } from '@app/contracts';
import { expectAnswer } from '@app/platform/testing';

import { CompanyRepository } from '../common/company.repository';
import { SettingRepository } from '../settings/setting.repository';
import { as, logIn } from '../testing/http';
import { type IdentityTestApp, insertCompanyWithAdmin, startIdentityTestApp, userWith } from '../testing/identity-test-app';

// Passwords are hashed with argon2: slow by design, slower still when suites run side by side.
jest.setTimeout(30_000);

/** Every identity endpoint that names company data, called by company A's admin with company B's ids. */
describe("an admin of company A can neither read nor change company B's data", () => {
  let t: IdentityTestApp;
  let acme: string;
  let betaId: number;
  let betaAdminId: number;
  let betaUserId: number;

  beforeAll(async () => {
    t = await startIdentityTestApp();
    await insertCompanyWithAdmin(t.dataSource, { name: 'Acme', adminEmail: 'boss@acme.test', password: 'acme-pass-1' });
    const beta = await insertCompanyWithAdmin(t.dataSource, { name: 'Beta', adminEmail: 'boss@beta.test', password: 'beta-pass-1' });
    betaId = beta.company.id;
    betaAdminId = beta.admin.id;
    const betaToken = (await logIn(t, 'boss@beta.test', 'beta-pass-1')).token;
    betaUserId = expectAnswer(
      userResponseSchema,
      await as(t, betaToken).post('/api/users').send({ name: 'Beto', email: 'beto@beta.test', password: 'beto-pass' }).expect(201),
    ).id;
    acme = (await logIn(t, 'boss@acme.test', 'acme-pass-1')).token;
  });
  afterAll(() => t?.close());

  it('every call answers 403 or 404, and nothing of company B changed', async () => {
    const schedules = [{ weekday: 'Segunda', weekdayEn: 'monday', startTime: '00:00', endTime: '23:59' }];
    const calls = {
      'GET /users/:id (B admin)': as(t, acme).get(`/api/users/${betaAdminId}`),
      'GET /users/:id (B user)': as(t, acme).get(`/api/users/${betaUserId}`),
      'PUT /users/:id': as(t, acme).put(`/api/users/${betaUserId}`).send({ name: 'Hijacked', password: 'hijacked' }),
      'PUT /users/:id profile': as(t, acme).put(`/api/users/${betaAdminId}`).send({ profile: 'user' }),
      'DELETE /users/:id': as(t, acme).delete(`/api/users/${betaUserId}`),
      'GET /users/list?companyId=B': as(t, acme).get('/api/users/list').query({ companyId: betaId }),
      'GET /companies/:id': as(t, acme).get(`/api/companies/${betaId}`),
      'GET /companies/listPlan/:id': as(t, acme).get(`/api/companies/listPlan/${betaId}`),
      'PUT /companies/:id': as(t, acme).put(`/api/companies/${betaId}`).send({ status: false }),
      'PUT /companies/:id/schedules': as(t, acme).put(`/api/companies/${betaId}/schedules`).send({ schedules }),
      'POST /companies/:id/advanceDueDate': as(t, acme).post(`/api/companies/${betaId}/advanceDueDate`),
      'DELETE /companies/:id': as(t, acme).delete(`/api/companies/${betaId}`),
    };
    const answers: Record<string, number> = {};
    for (const [name, call] of Object.entries(calls)) answers[name] = (await call).status;
    for (const [name, status] of Object.entries(answers)) {
      if (status !== 403 && status !== 404) throw new Error(`${name} answered ${status}`);
    }

    const beto = await userWith(t.dataSource, { id: betaUserId });
    expect(beto.name).toBe('Beto');
    expect((await userWith(t.dataSource, { id: betaAdminId })).profile).toBe('admin');
    const company = (await new CompanyRepository(t.dataSource).findWithPlan(betaId))!;
    expect(company).toMatchObject({ status: true, schedules: [], dueDate: '2999-01-01' });
  });

  it("company A's settings calls only ever touch company A", async () => {
    await as(t, acme).put('/api/settings/scheduleType').send({ value: 'company' }).expect(200);
    const listed = expectAnswer(settingListResponseSchema, await as(t, acme).get('/api/settings').expect(200));
    expect(listed.every((s) => s.companyId !== betaId)).toBe(true);
    expect(await new SettingRepository(t.dataSource).companySetting(betaId, 'scheduleType')).toBeNull();
    const betaToken = (await logIn(t, 'boss@beta.test', 'beta-pass-1')).token;
    const betaSettings = expectAnswer(settingListResponseSchema, await as(t, betaToken).get('/api/settings').expect(200));
    expect(betaSettings.find((s) => s.key === 'scheduleType')!.value).toBe('disabled');
  });

  it("company A's user search never finds company B's users", async () => {
    const page = await as(t, acme).get('/api/users').query({ searchParam: 'beta' }).expect(200);
    expectAnswer(userPageResponseSchema, page);
    expect(page.body).toEqual({ users: [], count: 0, hasMore: false });
    const list = await as(t, acme).get('/api/users/list').expect(200);
    expectAnswer(userListResponseSchema, list);
    expect(list.body.map((u: { email: string }) => u.email)).toEqual(['boss@acme.test']);
  });
});
