import { loginResponseSchema, userResponseSchema, versionResponseSchema } from '@app/contracts';
import { AccessTokenService } from '@app/platform';
import { expectAnswer } from '@app/platform/testing';
import request from 'supertest';

import { as, logIn, outboxEvents } from '../testing/http';
import { type IdentityTestApp, insertCompanyWithAdmin, startIdentityTestApp, TEST_ADMIN } from '../testing/identity-test-app';

// Passwords are hashed with argon2: slow by design, slower still when suites run side by side.
jest.setTimeout(30_000);

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('login rules and sessions', () => {
  let t: IdentityTestApp;

  beforeAll(async () => {
    t = await startIdentityTestApp();
    await insertCompanyWithAdmin(t.dataSource, { name: 'Soon', adminEmail: 'boss@soon.test', password: 'soon-pass-1', dueDate: inDays(2) });
    await insertCompanyWithAdmin(t.dataSource, {
      name: 'Today',
      adminEmail: 'boss@today.test',
      password: 'today-pass-1',
      dueDate: inDays(0),
    });
    await insertCompanyWithAdmin(t.dataSource, { name: 'Off', adminEmail: 'boss@off.test', password: 'off-pass-1', status: false });
  });
  afterAll(() => t?.close());

  it('fewer than 5 days left: the login answer carries the warning and the days left', async () => {
    const soon = await logIn(t, 'boss@soon.test', 'soon-pass-1');
    expect(soon.body.subscription).toEqual({ dueDate: inDays(2), daysLeft: 2, warning: true });
    const far = await logIn(t, TEST_ADMIN.email, TEST_ADMIN.password);
    expect(far.body.subscription).toMatchObject({ dueDate: '2999-12-31', warning: false });
  });

  it('the due date itself is the last day of access; the day after, login is refused with the date', async () => {
    const today = await logIn(t, 'boss@today.test', 'today-pass-1');
    expect(today.body.subscription).toMatchObject({ daysLeft: 0, warning: true });
    await t.dataSource.query(`UPDATE identity.companies SET due_date = $2 WHERE name = $1`, ['Today', inDays(-1)]);
    const refused = await request(t.http).post('/api/auth/login').send({ email: 'boss@today.test', password: 'today-pass-1' }).expect(401);
    expect(refused.body).toMatchObject({ error: 'ERR_SUBSCRIPTION_EXPIRED', dueDate: inDays(-1) });
    // An open session of the expired company cannot refresh either.
    const again = await request(t.http).post('/api/auth/refresh_token').set('Cookie', today.cookie).expect(401);
    expect(again.body.error).toBe('ERR_SUBSCRIPTION_EXPIRED');
  });

  it("an expired company's admin, with the right password, is refused with a pass to pay the company's invoice; nobody else gets one", async () => {
    const { company, admin } = await insertCompanyWithAdmin(t.dataSource, {
      name: 'Lapsed',
      adminEmail: 'boss@lapsed.test',
      password: 'lapsed-pass-1',
      dueDate: inDays(-3),
    });
    await t.dataSource.query(
      `INSERT INTO identity.users (company_id, name, email, password_hash, profile, super, all_ticket, queue_ids, online)
       SELECT company_id, 'Lapsed agent', 'agent@lapsed.test', password_hash, 'user', false, 'desabled', '{}', false FROM identity.users WHERE id = $1`,
      [admin.id],
    );
    const refused = await request(t.http)
      .post('/api/auth/login')
      .send({ email: 'boss@lapsed.test', password: 'lapsed-pass-1' })
      .expect(401);
    expect(refused.body).toMatchObject({ error: 'ERR_SUBSCRIPTION_EXPIRED', dueDate: inDays(-3) });
    expect(t.app.get(AccessTokenService).verifyCheckoutPass(refused.body.checkoutPass)).toEqual({
      userId: admin.id,
      companyId: company.id,
    });
    expect(refused.headers['set-cookie'] ?? []).not.toContainEqual(expect.stringMatching(/^jrt=/));

    const wrongPassword = await request(t.http)
      .post('/api/auth/login')
      .send({ email: 'boss@lapsed.test', password: 'guess-1' })
      .expect(401);
    expect(wrongPassword.body.error).toBe('ERR_INVALID_CREDENTIALS');
    expect(wrongPassword.body.checkoutPass).toBeUndefined();
    const agent = await request(t.http).post('/api/auth/login').send({ email: 'agent@lapsed.test', password: 'lapsed-pass-1' }).expect(401);
    expect(agent.body.error).toBe('ERR_SUBSCRIPTION_EXPIRED');
    expect(agent.body.checkoutPass).toBeUndefined();
  });

  it('a company set inactive cannot log in', async () => {
    const refused = await request(t.http).post('/api/auth/login').send({ email: 'boss@off.test', password: 'off-pass-1' }).expect(403);
    expect(refused.body.error).toBe('ERR_NO_PERMISSION');
  });

  it("each login is a new session announced as identity.session.started, for the gateway to end the user's other sessions", async () => {
    const first = await logIn(t, 'boss@soon.test', 'soon-pass-1');
    const second = await logIn(t, 'boss@soon.test', 'soon-pass-1');
    expect(second.sessionId).not.toBe(first.sessionId);
    const events = await outboxEvents(t, 'identity.session.started');
    const last = events.at(-1)!;
    expect(last.payload).toEqual({ userId: second.body.user.id, companyId: second.body.user.companyId, sessionId: second.sessionId });
    expect(JSON.stringify(last)).not.toMatch(/password|token/i);

    // A refresh keeps the session: same id, no new event.
    const refreshed = await request(t.http).post('/api/auth/refresh_token').set('Cookie', first.cookie).expect(200);
    expectAnswer(loginResponseSchema, refreshed);
    expect(refreshed.body.sessionId).toBe(first.sessionId);
    expect(await outboxEvents(t, 'identity.session.started')).toHaveLength(events.length);
  });

  it('GET /auth/me carries the company, its plan and its settings', async () => {
    const session = await logIn(t, 'boss@soon.test', 'soon-pass-1');
    const me = await as(t, session.token).get('/api/auth/me').expect(200);
    expectAnswer(userResponseSchema, me);
    expect(me.body).toMatchObject({ email: 'boss@soon.test', online: false, company: { name: 'Soon', plan: { users: 10 } } });
  });

  it('GET /version answers the product version', async () => {
    const session = await logIn(t, 'boss@soon.test', 'soon-pass-1');
    expect(expectAnswer(versionResponseSchema, await as(t, session.token).get('/api/version').expect(200))).toEqual({
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
    });
  });
});
