import request from 'supertest';
import { StoredMail } from '../entities/stored-mail.entity';
import { insertCompanyWithAdmin, startIdentityTestApp, type IdentityTestApp } from '../testing/identity-test-app';

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
    });
    await insertCompanyWithAdmin(t.dataSource, { name: 'Acme', adminEmail: 'boss@acme.test', password: 'acme-pass-1' });
  });
  afterAll(() => t?.close());

  it('login: the 4th attempt for one e-mail answers 429 ERR_RATE_LIMITED, even with the right password', async () => {
    for (let i = 0; i < 3; i++) await from('10.0.0.1').post('/api/auth/login', { email: 'boss@acme.test', password: 'wrong' }).expect(401);
    const limited = await from('10.0.0.2').post('/api/auth/login', { email: 'boss@acme.test', password: 'acme-pass-1' }).expect(429);
    expect(limited.body).toMatchObject({ error: 'ERR_RATE_LIMITED', retryAfterSeconds: expect.any(Number) });
  });

  it('login: one IP trying many e-mails is stopped after its limit', async () => {
    for (let i = 0; i < 6; i++) await from('10.0.1.1').post('/api/auth/login', { email: `x${i}@acme.test`, password: 'nope' }).expect(401);
    await from('10.0.1.1').post('/api/auth/login', { email: 'other@acme.test', password: 'nope' }).expect(429);
    await from('10.0.1.2').post('/api/auth/login', { email: 'other@acme.test', password: 'nope' }).expect(401);
  });

  it('sign-up: per e-mail and per IP; the mail is kept in identity.mails without SMTP', async () => {
    await from('10.0.2.1').post('/api/verify-email', { email: 'new@co.test', name: 'New Co' }).expect(200);
    const stored = await t.dataSource.getRepository(StoredMail).findOneByOrFail({ to: 'new@co.test' });
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

  it('the counters live in identity.rate_limits, where every replica sees them', async () => {
    const [row] = await t.dataSource.query(`SELECT points FROM identity.rate_limits WHERE key = 'login:email:boss@acme.test'`);
    expect(row.points).toBeGreaterThanOrEqual(4);
  });
});
