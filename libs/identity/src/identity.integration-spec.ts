import { loginResponseSchema, userPageResponseSchema, userResponseSchema } from '@app/contracts';
import { AccessTokenService } from '@app/platform';
import { expectAnswer } from '@app/platform/testing';
import { JwtService } from '@nestjs/jwt';
import request from 'supertest';

import { PlatformSeedService } from './seed/platform-seed.service';
import { outboxEvents } from './testing/http';
import {
  announceQueues,
  countUsers,
  type IdentityTestApp,
  insertCompanyWithAdmin,
  startIdentityTestApp,
  TEST_ADMIN,
} from './testing/identity-test-app';

// Passwords are hashed with argon2: slow by design, slower still when suites run side by side.
jest.setTimeout(30_000);

const refreshCookie = (response: request.Response): string => {
  const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  const cookie = cookies.find((c) => c.startsWith('jrt='));
  if (!cookie) throw new Error('no refresh cookie set');
  return cookie.split(';')[0];
};

describe('identity over HTTP', () => {
  let t: IdentityTestApp;

  const login = (email: string, password: string) => request(t.http).post('/api/auth/login').send({ email, password });
  const tokenOf = async (email: string, password: string) => {
    return expectAnswer(loginResponseSchema, await login(email, password).expect(200)).token;
  };

  beforeAll(async () => {
    t = await startIdentityTestApp();
    const acme = await insertCompanyWithAdmin(t.dataSource, { name: 'Acme', adminEmail: 'boss@acme.test', password: 'acme-pass-1' });
    await announceQueues(t, acme.company.id, [1, 2]);
    await insertCompanyWithAdmin(t.dataSource, { name: 'Beta', adminEmail: 'boss@beta.test', password: 'beta-pass-1', usersLimit: 50 });
  });
  afterAll(() => t?.close());

  describe('login', () => {
    it('the seeded super admin logs in and gets a token, the user with its company, and a refresh cookie', async () => {
      const response = await login(TEST_ADMIN.email, TEST_ADMIN.password).expect(200);
      expectAnswer(loginResponseSchema, response);
      expect(response.body.token).toEqual(expect.any(String));
      expect(response.body.user).toMatchObject({
        email: TEST_ADMIN.email,
        profile: 'admin',
        super: true,
        company: { name: 'Plataforma', approved: true },
      });
      expect(response.body.user).not.toHaveProperty('passwordHash');
      const cookie = ([] as string[]).concat(response.headers['set-cookie']).find((c) => c.startsWith('jrt='))!;
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/Path=\/api\/auth/);
      expect(cookie).toMatch(/SameSite=Strict/);
    });

    it('the e-mail is matched whatever its case', async () => {
      await login('BOSS@Acme.TEST', 'acme-pass-1').expect(200);
    });

    it('a wrong password or an unknown e-mail answers 401 ERR_INVALID_CREDENTIALS, the same for both', async () => {
      const wrong = await login('boss@acme.test', 'nope-nope').expect(401);
      const unknown = await login('nobody@acme.test', 'acme-pass-1').expect(401);
      expect(wrong.body).toEqual({ error: 'ERR_INVALID_CREDENTIALS', message: expect.any(String) });
      expect(unknown.body).toEqual(wrong.body);
    });

    it('a body without e-mail or password answers 400 ERR_VALIDATION listing the fields', async () => {
      const response = await request(t.http).post('/api/auth/login').send({ email: 42 }).expect(400);
      expect(response.body.error).toBe('ERR_VALIDATION');
      expect(response.body.fields.map((f: { path: string }) => f.path).sort()).toEqual(['email', 'password']);
    });

    it('a user of a company not yet approved is refused with ERR_COMPANY_NOT_APPROVED', async () => {
      await insertCompanyWithAdmin(t.dataSource, {
        name: 'Pending Co',
        adminEmail: 'boss@pending.test',
        password: 'pending-1',
        approved: false,
      });
      const response = await login('boss@pending.test', 'pending-1').expect(401);
      expect(response.body.error).toBe('ERR_COMPANY_NOT_APPROVED');
    });

    it('a user of a company whose due date has passed is refused with the date', async () => {
      await insertCompanyWithAdmin(t.dataSource, {
        name: 'Late Co',
        adminEmail: 'boss@late.test',
        password: 'late-pass-1',
        dueDate: '2020-01-31',
      });
      const response = await login('boss@late.test', 'late-pass-1').expect(401);
      expect(response.body).toMatchObject({ error: 'ERR_SUBSCRIPTION_EXPIRED', dueDate: '2020-01-31' });
    });
  });

  describe('session', () => {
    it('GET /auth/me answers the caller', async () => {
      const token = await tokenOf('boss@acme.test', 'acme-pass-1');
      const me = await request(t.http).get('/api/auth/me').set('Authorization', `Bearer ${token}`).expect(200);
      expectAnswer(userResponseSchema, me);
      expect(me.body).toMatchObject({ email: 'boss@acme.test', company: { name: 'Acme' } });
    });

    it('no token answers 401 ERR_SESSION_EXPIRED; a forged or expired token answers 403 ERR_INVALID_TOKEN', async () => {
      const none = await request(t.http).get('/api/auth/me').expect(401);
      expect(none.body.error).toBe('ERR_SESSION_EXPIRED');

      const forged = new JwtService().sign(
        { sub: '1', companyId: 1, profile: 'admin', super: true, sid: crypto.randomUUID(), plan: [] },
        { secret: 'x'.repeat(40) },
      );
      const wrongKey = await request(t.http).get('/api/auth/me').set('Authorization', `Bearer ${forged}`).expect(403);
      expect(wrongKey.body.error).toBe('ERR_INVALID_TOKEN');

      const tokens = t.app.get(AccessTokenService);
      const expired = new JwtService().sign(
        {
          sub: '1',
          companyId: 1,
          profile: 'admin',
          super: true,
          sid: crypto.randomUUID(),
          plan: [],
          exp: Math.floor(Date.now() / 1000) - 10,
        },
        { secret: (tokens as unknown as { options: { jwt: { secret: string } } }).options.jwt.secret },
      );
      const late = await request(t.http).get('/api/auth/me').set('Authorization', `Bearer ${expired}`).expect(403);
      expect(late.body.error).toBe('ERR_INVALID_TOKEN');
    });

    it('refresh rotates the token; the old refresh token used again ends the whole session', async () => {
      const first = await login('boss@acme.test', 'acme-pass-1').expect(200);
      const cookie1 = refreshCookie(first);

      const second = await request(t.http).post('/api/auth/refresh_token').set('Cookie', cookie1).expect(200);
      expectAnswer(loginResponseSchema, second);
      expect(second.body.token).toEqual(expect.any(String));
      expect(second.body.user.email).toBe('boss@acme.test');
      const cookie2 = refreshCookie(second);
      expect(cookie2).not.toBe(cookie1);

      const reuse = await request(t.http).post('/api/auth/refresh_token').set('Cookie', cookie1).expect(401);
      expect(reuse.body.error).toBe('ERR_SESSION_EXPIRED');
      // The reuse revoked the family: the newest token is dead too.
      await request(t.http).post('/api/auth/refresh_token').set('Cookie', cookie2).expect(401);
    });

    it('refresh without a cookie answers 401 ERR_SESSION_EXPIRED', async () => {
      const response = await request(t.http).post('/api/auth/refresh_token').expect(401);
      expect(response.body.error).toBe('ERR_SESSION_EXPIRED');
    });

    it('after logout the refresh token no longer works', async () => {
      const first = await login('boss@acme.test', 'acme-pass-1').expect(200);
      expectAnswer(loginResponseSchema, first);
      const cookie = refreshCookie(first);
      await request(t.http).delete('/api/auth/logout').set('Authorization', `Bearer ${first.body.token}`).set('Cookie', cookie).expect(204);
      await request(t.http).post('/api/auth/refresh_token').set('Cookie', cookie).expect(401);
    });
  });

  describe('users', () => {
    it('an admin creates a user, who then logs in; the creation is an identity.user.created event in the outbox', async () => {
      const token = await tokenOf('boss@acme.test', 'acme-pass-1');
      const created = await request(t.http)
        .post('/api/users')
        .set('Authorization', `Bearer ${token}`)
        .send({ name: 'Ana Souza', email: 'Ana@Acme.test', password: 'ana-pass', profile: 'user', queueIds: [1, 2] })
        .expect(201);
      expectAnswer(userResponseSchema, created);
      expect(created.body).toMatchObject({ name: 'Ana Souza', email: 'ana@acme.test', profile: 'user', queues: [{ id: 1 }, { id: 2 }] });
      expect(created.body).not.toHaveProperty('passwordHash');

      await login('ana@acme.test', 'ana-pass').expect(200);

      const [envelope] = (await outboxEvents(t, 'identity.user.created')).filter((e) => e.key === String(created.body.id));
      expect(envelope).toMatchObject({
        type: 'identity.user.created',
        companyId: created.body.companyId,
        payload: { user: { id: created.body.id, email: 'ana@acme.test' } },
      });
      expect(JSON.stringify(envelope)).not.toMatch(/password/i);
    });

    it('a user with an e-mail already taken answers 409 ERR_EMAIL_ALREADY_EXISTS', async () => {
      const token = await tokenOf('boss@acme.test', 'acme-pass-1');
      const response = await request(t.http)
        .post('/api/users')
        .set('Authorization', `Bearer ${token}`)
        .send({ name: 'Other', email: 'boss@beta.test', password: 'whatever' })
        .expect(409);
      expect(response.body.error).toBe('ERR_EMAIL_ALREADY_EXISTS');
    });

    it('bad user input answers 400 with the spec messages per field, and creates nothing', async () => {
      const token = await tokenOf('boss@acme.test', 'acme-pass-1');
      const before = await countUsers(t.dataSource);
      const response = await request(t.http)
        .post('/api/users')
        .set('Authorization', `Bearer ${token}`)
        .send({ name: 'A', email: 'not-an-email', password: '123', profile: 'root' })
        .expect(400);
      expect(response.body.error).toBe('ERR_VALIDATION');
      const byField = Object.fromEntries(response.body.fields.map((f: { path: string; message: string }) => [f.path, f.message]));
      expect(byField).toMatchObject({ name: 'Too Short!', email: 'Invalid email', password: 'Too Short!' });
      expect(byField.profile).toBeDefined();
      const tooLong = await request(t.http)
        .post('/api/users')
        .set('Authorization', `Bearer ${token}`)
        .send({ name: 'x'.repeat(51), email: 'long@acme.test', password: 'y'.repeat(51) })
        .expect(400);
      expect(tooLong.body.fields).toEqual(
        expect.arrayContaining([
          { path: 'name', message: 'Too Long!' },
          { path: 'password', message: 'Too Long!' },
        ]),
      );
      expect(await countUsers(t.dataSource)).toBe(before);
    });

    it('a plain user may neither list nor create users (403 ERR_NO_PERMISSION)', async () => {
      const admin = await tokenOf('boss@acme.test', 'acme-pass-1');
      await request(t.http)
        .post('/api/users')
        .set('Authorization', `Bearer ${admin}`)
        .send({ name: 'Plain User', email: 'plain@acme.test', password: 'plain-pass' })
        .expect(201);
      const plain = await tokenOf('plain@acme.test', 'plain-pass');
      const list = await request(t.http).get('/api/users').set('Authorization', `Bearer ${plain}`).expect(403);
      expect(list.body.error).toBe('ERR_NO_PERMISSION');
      await request(t.http)
        .post('/api/users')
        .set('Authorization', `Bearer ${plain}`)
        .send({ name: 'Sneaky', email: 'sneaky@acme.test', password: 'sneaky' })
        .expect(403);
    });

    it("company B's admin never sees company A's users, whatever the search", async () => {
      const acme = await tokenOf('boss@acme.test', 'acme-pass-1');
      const beta = await tokenOf('boss@beta.test', 'beta-pass-1');
      const acmeList = await request(t.http).get('/api/users').set('Authorization', `Bearer ${acme}`).expect(200);
      expectAnswer(userPageResponseSchema, acmeList);
      expect(acmeList.body.users.map((u: { email: string }) => u.email)).toContain('ana@acme.test');

      const betaList = await request(t.http).get('/api/users').set('Authorization', `Bearer ${beta}`).expect(200);
      expectAnswer(userPageResponseSchema, betaList);
      expect(betaList.body.users.map((u: { email: string }) => u.email)).toEqual(['boss@beta.test']);
      const search = await request(t.http)
        .get('/api/users')
        .query({ searchParam: 'ana' })
        .set('Authorization', `Bearer ${beta}`)
        .expect(200);
      expectAnswer(userPageResponseSchema, search);
      expect(search.body).toEqual({ users: [], count: 0, hasMore: false });
    });

    it('the list is searched by name or e-mail and paged 20 at a time with hasMore', async () => {
      const token = await tokenOf('boss@beta.test', 'beta-pass-1');
      for (let i = 0; i < 21; i++) {
        await request(t.http)
          .post('/api/users')
          .set('Authorization', `Bearer ${token}`)
          .send({ name: `Pager ${String(i).padStart(2, '0')}`, email: `pager${i}@beta.test`, password: 'pager-pass' })
          .expect(201);
      }
      const page1 = await request(t.http)
        .get('/api/users')
        .query({ searchParam: 'PAGER' })
        .set('Authorization', `Bearer ${token}`)
        .expect(200);
      expectAnswer(userPageResponseSchema, page1);
      expect(page1.body.users).toHaveLength(20);
      expect(page1.body).toMatchObject({ count: 21, hasMore: true });
      const page2 = await request(t.http)
        .get('/api/users')
        .query({ searchParam: 'pager', pageNumber: 2 })
        .set('Authorization', `Bearer ${token}`)
        .expect(200);
      expectAnswer(userPageResponseSchema, page2);
      expect(page2.body.users.map((u: { name: string }) => u.name)).toEqual(['Pager 20']);
      expect(page2.body.hasMore).toBe(false);
      await request(t.http).get('/api/users').query({ pageNumber: 0 }).set('Authorization', `Bearer ${token}`).expect(400);
      // 21 users are 21 argon2 hashes: over half a minute when the other test worker keeps a core busy.
    }, 120_000);
  });

  it('seeding again changes nothing', async () => {
    const before = await countUsers(t.dataSource);
    await t.app.get(PlatformSeedService).onModuleInit();
    expect(await countUsers(t.dataSource)).toBe(before);
  });

  it('/health and /ready answer outside /api; /ready checks the database; /metrics is off without METRICS_TOKEN', async () => {
    await request(t.http)
      .get('/health')
      .expect(200, { status: 'ok', checks: { 'database:identity': 'ok' } });
    const ready = await request(t.http).get('/ready').expect(200);
    expect(ready.body.checks).toEqual({ 'database:identity': 'ok' });
    await request(t.http).get('/metrics').expect(404);
  });
});
