import request from 'supertest';

import { type IdentityTestApp, insertCompanyWithAdmin, startIdentityTestApp } from '../testing/identity-test-app';

// Passwords are hashed with argon2: slow by design, slower still when suites run side by side.
jest.setTimeout(30_000);

/** Limits set low; X-Forwarded-For stands for distinct callers (the app trusts its loopback proxy). */
describe('rate limits on login, sign-up, verification and reset, shared through PostgreSQL', () => {
  let t: IdentityTestApp;
  const from = (ip: string) => ({
    post: (url: string, body: object) => request(t.http).post(url).set('X-Forwarded-For', ip).send(body),
  });

  beforeAll(async () => {
    // No SMTP_URL: mails are kept in identity.mails (the standalone default).
    t = await startIdentityTestApp({
      rateLimits: {
        login: { perIp: 6, perEmail: 3, windowSeconds: 60 },
        signup: { perIp: 4, perEmail: 2, windowSeconds: 60 },
        verification: { perIp: 50, perEmail: 3, windowSeconds: 60 },
        reset: { perIp: 50, perEmail: 2, windowSeconds: 60 },
      },
      // Short waits, so a test can sit them out: 1 s after the 4th failure, then 2 s, 2 s...
      loginDelays: { baseMs: 1_000, maxMs: 2_000 },
    });
    await insertCompanyWithAdmin(t.dataSource, { name: 'Acme', adminEmail: 'boss@acme.test', password: 'acme-pass-1' });
  });
  afterAll(() => t?.close());

  const login = (ip: string, password: string, email = 'boss@acme.test') => from(ip).post('/api/auth/login', { email, password });
  // Pacing: waits out the limiter's own windows, not a wait for something to be absent.
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('login: successes never count; the owner logs in again and again past every limit', async () => {
    for (let i = 0; i < 8; i++) await login('10.0.0.1', 'acme-pass-1').expect(200);
  });

  it('login: past the free failures each attempt waits (429 with Retry-After), and the right password after the wait logs in', async () => {
    for (let i = 0; i < 4; i++) await login(`10.0.0.${10 + i}`, 'wrong').expect(401);
    // The 4th failure started a 1 s wait: during it even the right password is told to come back.
    const limited = await login('10.0.0.20', 'acme-pass-1').expect(429);
    expect(limited.body).toMatchObject({ error: 'ERR_RATE_LIMITED', retryAfterSeconds: 1 });
    expect(limited.headers['retry-after']).toBe('1');
    await sleep(1_100);
    await login('10.0.0.20', 'acme-pass-1').expect(200);
    // The success forgot the failures: three free ones again, no wait after them.
    for (let i = 0; i < 3; i++) await login('10.0.0.21', 'wrong').expect(401);
    await login('10.0.0.21', 'acme-pass-1').expect(200);
  });

  it("login: an attacker's failures from many IPs never make the right password fail once the current wait has passed", async () => {
    let waitMs = 0;
    for (let i = 0; i < 8; i++) {
      await sleep(waitMs);
      const answer = await login(`10.0.7.${i}`, `guess-${i}`);
      expect(answer.status).toBe(401);
      // The waits grow, capped at 2 s: 0, 0, 0, then 1 s, 2 s, 2 s...
      waitMs = i >= 3 ? Math.min(2_000, 1_000 * 2 ** (i - 3)) + 100 : 0;
    }
    await sleep(waitMs);
    await login('10.0.0.30', 'acme-pass-1').expect(200);
  });

  it('login: one IP trying many e-mails is stopped after its limit', async () => {
    for (let i = 0; i < 6; i++)
      await from('10.0.1.1')
        .post('/api/auth/login', { email: `x${i}@acme.test`, password: 'nope' })
        .expect(401);
    await from('10.0.1.1').post('/api/auth/login', { email: 'other@acme.test', password: 'nope' }).expect(429);
    await from('10.0.1.2').post('/api/auth/login', { email: 'other@acme.test', password: 'nope' }).expect(401);
  });

  it('sign-up: per e-mail and per IP; the mail is kept in identity.mails without SMTP', async () => {
    await from('10.0.2.1').post('/api/verify-email', { email: 'new@co.test', name: 'New Co' }).expect(200);
    const [stored]: { text: string }[] = await t.dataSource.query(`SELECT text FROM identity.mails WHERE "to" = $1`, ['new@co.test']);
    expect(stored.text).toMatch(/Seu código de verificação é: \d{6}/);
    await from('10.0.2.2').post('/api/verify-email', { email: 'new@co.test', name: 'New Co' }).expect(200);
    const limited = await from('10.0.2.3').post('/api/verify-email', { email: 'new@co.test', name: 'New Co' }).expect(429);
    expect(limited.body.error).toBe('ERR_RATE_LIMITED');
    for (let i = 0; i < 4; i++) await from('10.0.3.1').post('/api/verify-email', { email: `n${i}@co.test`, name: 'Co Co' });
    await from('10.0.3.1').post('/api/verify-email', { email: 'n9@co.test', name: 'Co Co' }).expect(429);
  });

  it('verification: guessing codes for one e-mail is stopped', async () => {
    for (let i = 0; i < 3; i++) await from(`10.0.4.${i}`).post('/api/verify-code', { email: 'new@co.test', code: '000001' }).expect(200);
    await from('10.0.4.9').post('/api/verify-code', { email: 'new@co.test', code: '000001' }).expect(429);
  });

  it('reset: asking for codes and guessing them share the reset limit per e-mail', async () => {
    await from('10.0.5.1').post('/api/forgetpassword', { email: 'boss@acme.test' }).expect(200);
    await from('10.0.5.2').post('/api/resetpasswords', { email: 'boss@acme.test', token: '000001', password: 'Nova-senha1' }).expect(400);
    await from('10.0.5.3').post('/api/resetpasswords', { email: 'boss@acme.test', token: '000001', password: 'Nova-senha1' }).expect(429);
  });

  it('the counters live in identity.rate_limiter (rate-limiter-flexible), where every replica sees them', async () => {
    const [ip] = await t.dataSource.query(`SELECT points FROM identity.rate_limiter WHERE key = 'login:ip:10.0.1.1'`);
    expect(ip.points).toBe(6);
    const [email] = await t.dataSource.query(`SELECT points FROM identity.rate_limiter WHERE key = 'signup:email:new@co.test'`);
    expect(email.points).toBe(3);
    const [table] = await t.dataSource.query(`SELECT to_regclass('identity.rate_limits') AS old`);
    expect(table.old).toBeNull();
  });
});
