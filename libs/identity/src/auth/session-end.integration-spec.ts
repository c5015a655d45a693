import { randomUUID } from 'node:crypto';

import { loginResponseSchema, userResponseSchema } from '@app/contracts';
import { AccessTokenService, sessionStateSchema } from '@app/platform';
import { expectAnswer } from '@app/platform/testing';
import request from 'supertest';

import { as, logIn, outboxEvents } from '../testing/http';
import { type IdentityTestApp, insertCompanyWithAdmin, startIdentityTestApp, TEST_ADMIN } from '../testing/identity-test-app';

jest.setTimeout(60_000);

/**
 * A session's end takes effect at once: the access tokens it issued stop working on the next call,
 * not when their 15 minutes run out.
 */
describe('an ended session stops at once', () => {
  let t: IdentityTestApp;
  let root: Awaited<ReturnType<typeof logIn>>;
  let companyId: number;

  beforeAll(async () => {
    t = await startIdentityTestApp();
    const { company } = await insertCompanyWithAdmin(t.dataSource, { name: 'Acme', adminEmail: 'boss@acme.test', password: 'acme-pass-1' });
    companyId = company.id;
    root = await logIn(t, TEST_ADMIN.email, TEST_ADMIN.password);
  });
  afterAll(() => t?.close());

  const createUser = async (admin: string, email: string, profile: 'admin' | 'user' = 'user') => {
    const created = await as(t, admin)
      .post('/api/users')
      .send({ name: email.split('@')[0], email, password: 'user-pass-1', profile });
    expect(created.status).toBe(201);
    return expectAnswer(userResponseSchema, created).id;
  };

  it('after logout, the access token is refused (401) and identity.session.ended is announced', async () => {
    const session = await logIn(t, 'boss@acme.test', 'acme-pass-1');
    await as(t, session.token).get('/api/auth/me').expect(200);
    await request(t.http)
      .delete('/api/auth/logout')
      .set('Authorization', `Bearer ${session.token}`)
      .set('Cookie', session.cookie)
      .expect(204);
    const refused = await as(t, session.token).get('/api/auth/me').expect(401);
    expect(refused.body.error).toBe('ERR_SESSION_EXPIRED');
    await as(t, session.token).get('/api/users/list').expect(401);
    const ended = (await outboxEvents(t, 'identity.session.ended')).map((event) => event.payload);
    expect(ended).toContainEqual({ userId: session.body.user.id, companyId, sessionId: session.sessionId, reason: 'logout' });
  });

  it('a refresh token presented twice revokes the session: its access tokens are refused too', async () => {
    const session = await logIn(t, 'boss@acme.test', 'acme-pass-1');
    const refreshed = await request(t.http).post('/api/auth/refresh_token').set('Cookie', session.cookie).expect(200);
    expectAnswer(loginResponseSchema, refreshed);
    await as(t, refreshed.body.token).get('/api/auth/me').expect(200);
    await request(t.http).post('/api/auth/refresh_token').set('Cookie', session.cookie).expect(401);
    await as(t, refreshed.body.token).get('/api/auth/me').expect(401);
    await as(t, session.token).get('/api/auth/me').expect(401);
    const ended = (await outboxEvents(t, 'identity.session.ended')).map((event) => event.payload);
    expect(ended).toContainEqual(expect.objectContaining({ sessionId: session.sessionId, reason: 'refresh-token-reused' }));
  });

  it("a deleted user's token is refused at once", async () => {
    const admin = await logIn(t, 'boss@acme.test', 'acme-pass-1');
    const id = await createUser(admin.token, 'gone@acme.test');
    const user = await logIn(t, 'gone@acme.test', 'user-pass-1');
    await as(t, user.token).get('/api/auth/me').expect(200);
    await as(t, admin.token).delete(`/api/users/${id}`).expect(204);
    expect((await as(t, user.token).get('/api/auth/me').expect(401)).body.error).toBe('ERR_SESSION_EXPIRED');
  });

  it('a demoted admin is no longer admin: 403 ERR_INVALID_TOKEN, and the refreshed token says user', async () => {
    const boss = await logIn(t, 'boss@acme.test', 'acme-pass-1');
    const id = await createUser(boss.token, 'second@acme.test', 'admin');
    const second = await logIn(t, 'second@acme.test', 'user-pass-1');
    await as(t, second.token).post('/api/users').send({ name: 'Made', email: 'made@acme.test', password: 'user-pass-1' }).expect(201);
    await as(t, boss.token).put(`/api/users/${id}`).send({ profile: 'user' }).expect(200);

    const refused = await as(t, second.token).post('/api/users').send({ name: 'Other', email: 'other@acme.test', password: 'user-pass-1' });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('ERR_INVALID_TOKEN');
    const refreshed = await request(t.http).post('/api/auth/refresh_token').set('Cookie', second.cookie).expect(200);
    expectAnswer(loginResponseSchema, refreshed);
    expect(refreshed.body.user.profile).toBe('user');
    const asUser = await as(t, refreshed.body.token)
      .post('/api/users')
      .send({ name: 'Other', email: 'other@acme.test', password: 'user-pass-1' });
    expect(asUser.body.error).toBe('ERR_NO_PERMISSION');
  });

  it("a password set by an admin ends the user's sessions, their access tokens included", async () => {
    const boss = await logIn(t, 'boss@acme.test', 'acme-pass-1');
    const id = await createUser(boss.token, 'reset@acme.test');
    const user = await logIn(t, 'reset@acme.test', 'user-pass-1');
    await as(t, boss.token).put(`/api/users/${id}`).send({ password: 'new-pass-12' }).expect(200);
    await as(t, user.token).get('/api/auth/me').expect(401);
  });

  it('a company set inactive ends its sessions; set active again, new logins work', async () => {
    const { company } = await insertCompanyWithAdmin(t.dataSource, {
      name: 'Paused',
      adminEmail: 'boss@paused.test',
      password: 'paused-pass-1',
    });
    const boss = await logIn(t, 'boss@paused.test', 'paused-pass-1');
    await as(t, boss.token).get('/api/auth/me').expect(200);
    await as(t, root.token).put(`/api/companies/${company.id}`).send({ status: false }).expect(200);
    expect((await as(t, boss.token).get('/api/auth/me').expect(401)).body.error).toBe('ERR_SESSION_EXPIRED');
    // The super user's own session is untouched.
    await as(t, root.token).get('/api/auth/me').expect(200);
    await as(t, root.token).put(`/api/companies/${company.id}`).send({ status: true }).expect(200);
    const again = await logIn(t, 'boss@paused.test', 'paused-pass-1');
    await as(t, again.token).get('/api/auth/me').expect(200);
  });

  it('a signed token naming an unknown session, or an unknown user, is refused', async () => {
    const tokens = t.app.get(AccessTokenService);
    const unknownSession = tokens.sign({
      sub: String(root.body.user.id),
      companyId: root.body.user.companyId,
      profile: 'admin',
      super: true,
      sid: randomUUID(),
      plan: [],
    });
    expect((await as(t, unknownSession).get('/api/auth/me').expect(401)).body.error).toBe('ERR_SESSION_EXPIRED');
    const unknownUser = tokens.sign({ sub: '987654', companyId, profile: 'admin', super: false, sid: root.sessionId, plan: [] });
    expect((await as(t, unknownUser).get('/api/auth/me').expect(401)).body.error).toBe('ERR_SESSION_EXPIRED');
  });

  it("GET /auth/session answers the state of the caller's own session, for the other services", async () => {
    const session = await logIn(t, 'boss@acme.test', 'acme-pass-1');
    const state = await request(t.http).get('/api/auth/session').set('Authorization', `Bearer ${session.token}`).expect(200);
    expectAnswer(sessionStateSchema, state);
    expect(state.body).toEqual({ live: true, userId: session.body.user.id, companyId, profile: 'admin', super: false });
    await request(t.http).get('/api/auth/session').expect(401);
  });

  it('answers carrying tokens are never cached; the refresh cookie is Secure when the browser came over HTTPS', async () => {
    const plain = await request(t.http).post('/api/auth/login').send({ email: 'boss@acme.test', password: 'acme-pass-1' }).expect(200);
    expect(plain.headers['cache-control']).toBe('no-store');
    expect(String(plain.headers['set-cookie'])).not.toMatch(/;\s*Secure/i);
    // supertest connects from loopback, which TRUST_PROXY trusts by default, as it would our gateway.
    const viaHttps = await request(t.http)
      .post('/api/auth/login')
      .set('X-Forwarded-Proto', 'https')
      .send({ email: 'boss@acme.test', password: 'acme-pass-1' })
      .expect(200);
    expect(String(viaHttps.headers['set-cookie'])).toMatch(/;\s*Secure/i);
    expect((await as(t, plain.body.token).get('/api/auth/me').expect(200)).headers['cache-control']).toBe('no-store');
  });
});
