import request from 'supertest';

import { DEFAULT_LOGIN_DELAYS, DEFAULT_RATE_LIMITS } from '../common/rate-limits';
import { type IdentityTestApp, insertCompanyWithAdmin, startIdentityTestApp } from '../testing/identity-test-app';
import { DEVICE_COOKIE } from './login-device-cookies';

// Passwords are hashed with argon2: slow by design, slower still when suites run side by side.
jest.setTimeout(120_000);

/**
 * Decision 0024 with the documented defaults (5 free failures, then 1 s, 2 s, 4 s ... 300 s). The
 * waits are read by rate-limiter-flexible from Date.now(): the clock is moved, nothing sleeps.
 * X-Forwarded-For stands for distinct callers (the app trusts its loopback proxy).
 */
describe('login throttling with device cookies: a guesser stays slow, the owner still gets in', () => {
  let t: IdentityTestApp;
  const password = 'Owner-pass-1';
  let ipCount = 0;
  const nextIp = () => {
    ipCount += 1;
    return `10.${20 + (ipCount >> 16)}.${(ipCount >> 8) & 255}.${ipCount & 255}`;
  };
  const moveClock = (ms: number) => jest.setSystemTime(Date.now() + ms);

  /** A client without any cookie, from an address never seen before. */
  const stranger = (email: string, pass: string) =>
    request(t.http).post('/api/auth/login').set('X-Forwarded-For', nextIp()).send({ email, password: pass });
  /** A browser: keeps the cookies it is given, like the web app's fetch with credentials. */
  const browser = () => {
    const agent = request.agent(t.http);
    return {
      login: (email: string, pass: string) =>
        agent.post('/api/auth/login').set('X-Forwarded-For', nextIp()).send({ email, password: pass }),
      agent,
    };
  };

  /** Wrong passwords from a new address each time, as fast as the answers allow, until a wait of at least `seconds` runs. */
  async function guessUntilWait(email: string, seconds: number): Promise<number> {
    for (let i = 0; i < 40; i += 1) {
      const answer = await stranger(email, `guess-${i}`);
      if (answer.status === 401) continue;
      expect(answer.status).toBe(429);
      const wait = Number(answer.headers['retry-after']);
      if (wait >= seconds) return wait;
      moveClock(wait * 1000);
    }
    throw new Error('no wait started');
  }

  let account = 0;
  async function owner(): Promise<string> {
    account += 1;
    const email = `owner${account}@devices.test`;
    await insertCompanyWithAdmin(t.dataSource, { name: `Devices ${account}`, adminEmail: email, password });
    return email;
  }

  beforeAll(async () => {
    t = await startIdentityTestApp();
    // Only Date is faked, and stands still until moved: timers, I/O and the database run as usual.
    jest.useFakeTimers({
      doNotFake: [
        'nextTick',
        'setImmediate',
        'clearImmediate',
        'setInterval',
        'clearInterval',
        'setTimeout',
        'clearTimeout',
        'queueMicrotask',
        'hrtime',
        'performance',
      ],
    });
  });
  afterAll(async () => {
    jest.useRealTimers();
    await t?.close();
  });

  it('the defaults are the documented ones: 5 free failures, waits from 1 s doubling up to 300 s', () => {
    expect(DEFAULT_RATE_LIMITS.login.perEmail).toBe(5);
    expect(DEFAULT_LOGIN_DELAYS).toEqual({ baseMs: 1_000, maxMs: 300_000 });
  });

  it("a distributed guesser (a new IP for every try) gets 5 free guesses, then one per doubling wait: at most 20 in half an hour, and the owner's new browser waits 300 s at most", async () => {
    const email = await owner();
    let guesses = 0;
    let elapsedMs = 0;
    const waits: number[] = [];
    for (let i = 0; elapsedMs < 1_800_000; i += 1) {
      const answer = await stranger(email, `guess-${i}`);
      if (answer.status === 401) {
        guesses += 1;
        continue;
      }
      expect(answer.status).toBe(429);
      expect(answer.body).toMatchObject({ error: 'ERR_RATE_LIMITED' });
      const wait = Number(answer.headers['retry-after']);
      waits.push(wait);
      moveClock(wait * 1000);
      elapsedMs += wait * 1000;
    }
    expect(waits.slice(0, 11)).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300]);
    expect(guesses).toBeGreaterThanOrEqual(5);
    // 5 free, 9 more within the first 511 s of waits, then one per 300 s.
    expect(guesses).toBeLessThanOrEqual(20);

    // The guesser's next try starts the longest wait; the owner on a new browser sits it out and gets in.
    await stranger(email, 'one-more-guess').expect(401);
    const fresh = browser();
    const refused = await fresh.login(email, password).expect(429);
    expect(refused.headers['retry-after']).toBe('300');
    moveClock(300_000);
    await fresh.login(email, password).expect(200);
  });

  it("the owner's known browser logs in at once while unknown clients must wait, even after logging out", async () => {
    const email = await owner();
    const known = browser();
    const first = await known.login(email, password).expect(200);
    const cookie = ([] as string[]).concat(first.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Path=\/api\/auth/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Max-Age=15552000/);

    const wait = await guessUntilWait(email, 1);
    // The account is locked for unknown clients: even the right password is told to come back.
    await stranger(email, password).expect(429);
    // Its own browser is not.
    const during = await known.login(email, password).expect(200);
    await known.agent.delete('/api/auth/logout').set('Authorization', `Bearer ${during.body.token}`).expect(204);
    await known.login(email, password).expect(200);
    // And its successes hand the guesser no new free tries: the unknown clients' wait runs on.
    const still = await stranger(email, password).expect(429);
    expect(Number(still.headers['retry-after'])).toBeLessThanOrEqual(wait);
  });

  it('a new browser of the owner gets in after the wait its 429 announces, and is known from then on', async () => {
    const email = await owner();
    await guessUntilWait(email, 1);
    const fresh = browser();
    const refused = await fresh.login(email, password).expect(429);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(300);
    expect(refused.body).toMatchObject({ error: 'ERR_RATE_LIMITED', retryAfterSeconds: wait });
    moveClock(wait * 1000);
    await fresh.login(email, password).expect(200);
    // The guesser goes on; the browser that got in is now known and is not slowed by it.
    await guessUntilWait(email, 1);
    await fresh.login(email, password).expect(200);
  });

  it('a known browser that keeps failing is locked out by itself; the account and its other browsers are not', async () => {
    const email = await owner();
    const careless = browser();
    const other = browser();
    await careless.login(email, password).expect(200);
    await other.login(email, password).expect(200);
    for (let i = 0; i < 6; i += 1) await careless.login(email, `typo-${i}`).expect(401);
    const locked = await careless.login(email, password).expect(429);
    expect(locked.headers['retry-after']).toBe('1');
    await other.login(email, password).expect(200);
    await stranger(email, password).expect(200);
    moveClock(1_000);
    await careless.login(email, password).expect(200);
  });

  it("another account's device cookie or a forged one counts as an unknown client", async () => {
    const email = await owner();
    const neighbour = await owner();
    const theirs = browser();
    const first = await theirs.login(neighbour, password).expect(200);
    const cookie = ([] as string[]).concat(first.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${DEVICE_COOKIE}=`))!;
    const [nonce] = cookie
      .slice(DEVICE_COOKIE.length + 1)
      .split(';')[0]!
      .split('.');
    await guessUntilWait(email, 1);
    await theirs.login(email, password).expect(429);
    await request(t.http)
      .post('/api/auth/login')
      .set('Cookie', `${DEVICE_COOKIE}=${nonce}.${'A'.repeat(43)}`)
      .send({ email, password })
      .expect(429);
  });
});
