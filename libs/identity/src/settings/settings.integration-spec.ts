import { COMPANY_SETTING_KEYS, settingListResponseSchema, settingResponseSchema } from '@app/contracts';
import { expectAnswer, expectErrorAnswer } from '@app/platform/testing';
import request from 'supertest';

import { PaymentKeysToBilling1763900000042 } from '../migrations/1763900000042-payment-keys-to-billing';
import { as, logIn, outboxEvents } from '../testing/http';
import { type IdentityTestApp, insertCompanyWithAdmin, startIdentityTestApp, TEST_ADMIN } from '../testing/identity-test-app';

// Passwords are hashed with argon2: slow by design, slower still when suites run side by side.
jest.setTimeout(30_000);

const PAYMENT_KEY = /^(asaas|ipixc|tokenixc|ipmkauth|clientidmkauth|clientsecretmkauth)$/;

describe('company settings over HTTP', () => {
  let t: IdentityTestApp;
  let root: string;
  let acme: string;
  let beta: string;
  let acmeId: number;

  const valueOf = (settings: { key: string; value: string }[], key: string) => settings.find((s) => s.key === key)?.value;

  beforeAll(async () => {
    t = await startIdentityTestApp();
    acmeId = (await insertCompanyWithAdmin(t.dataSource, { name: 'Acme', adminEmail: 'boss@acme.test', password: 'acme-pass-1' })).company
      .id;
    await insertCompanyWithAdmin(t.dataSource, { name: 'Beta', adminEmail: 'boss@beta.test', password: 'beta-pass-1' });
    root = (await logIn(t, TEST_ADMIN.email, TEST_ADMIN.password)).token;
    acme = (await logIn(t, 'boss@acme.test', 'acme-pass-1')).token;
    beta = (await logIn(t, 'boss@beta.test', 'beta-pass-1')).token;
  });
  afterAll(() => t?.close());

  it("GET /settings lists every company key with its default (the spec's payment keys are billing's, not here)", async () => {
    const settings = expectAnswer(settingListResponseSchema, await as(t, acme).get('/api/settings').expect(200));
    expect(settings.map((s) => s.key).sort()).toEqual([...COMPANY_SETTING_KEYS].sort());
    expect(settings.map((s) => s.key)).not.toEqual(expect.arrayContaining([expect.stringMatching(PAYMENT_KEY)]));
    expect(settings.every((s) => s.companyId === acmeId)).toBe(true);
    expect(valueOf(settings, 'scheduleType')).toBe('disabled');
    expect(valueOf(settings, 'userRating')).toBe('disabled');
    const superList = expectAnswer(settingListResponseSchema, await as(t, root).get('/api/settings').expect(200));
    expect(superList.map((s) => s.key)).toEqual(expect.arrayContaining(['allowregister', 'viewregister', 'trial']));
    expect(superList.some((s) => PAYMENT_KEY.test(s.key))).toBe(false);
    expect(superList.find((s) => s.key === 'trial')!.companyId).toBeNull();
  });

  it('an admin sets each key to a value of its enumeration; other values are refused', async () => {
    const valid: Record<string, string[]> = {
      userRating: ['enabled', 'disabled'],
      scheduleType: ['queue', 'company', 'disabled'],
      call: ['disabled', 'enabled'],
      CheckMsgIsGroup: ['disabled', 'enabled'],
      sendGreetingAccepted: ['enabled'],
      sendMsgTransfTicket: ['enabled'],
      sendGreetingMessageOneQueues: ['disabled'],
      chatBotType: ['text'],
      campaignsEnabled: ['true', 'false', 'enabled'],
    };
    for (const [key, values] of Object.entries(valid)) {
      for (const value of values) {
        const saved = await as(t, acme).put(`/api/settings/${key}`).send({ key, value }).expect(200);
        expectAnswer(settingResponseSchema, saved);
        expect(saved.body).toMatchObject({ key, value, companyId: acmeId });
      }
      const bad = await as(t, acme).put(`/api/settings/${key}`).send({ value: 'maybe' }).expect(400);
      expect(bad.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ path: 'value', message: 'Valor inválido' }] });
    }
    const [event] = (await outboxEvents(t, 'identity.setting.updated'))
      .filter((e) => e.payload.key === 'userRating' && e.companyId === acmeId)
      .slice(-1);
    expect(event.payload).toEqual({ companyId: acmeId, key: 'userRating', value: 'disabled' });
  });

  it("a setting changed by company A's admin leaves company B's untouched", async () => {
    await as(t, acme).put('/api/settings/userRating').send({ value: 'enabled' }).expect(200);
    const betaSettings = expectAnswer(settingListResponseSchema, await as(t, beta).get('/api/settings').expect(200));
    expect(valueOf(betaSettings, 'userRating')).toBe('disabled');
    expect(valueOf(expectAnswer(settingListResponseSchema, await as(t, acme).get('/api/settings').expect(200)), 'userRating')).toBe(
      'enabled',
    );
  });

  it("the company's time zone: America/Sao_Paulo until an admin names another IANA zone, announced to the other services", async () => {
    expect(valueOf(expectAnswer(settingListResponseSchema, await as(t, acme).get('/api/settings').expect(200)), 'timezone')).toBe(
      'America/Sao_Paulo',
    );
    const saved = await as(t, acme).put('/api/settings/timezone').send({ key: 'timezone', value: 'Asia/Tokyo' }).expect(200);
    expect(expectAnswer(settingResponseSchema, saved)).toMatchObject({ key: 'timezone', value: 'Asia/Tokyo', companyId: acmeId });
    const [event] = (await outboxEvents(t, 'identity.setting.updated'))
      .filter((e) => e.payload.key === 'timezone' && e.companyId === acmeId)
      .slice(-1);
    expect(event.payload).toEqual({ companyId: acmeId, key: 'timezone', value: 'Asia/Tokyo' });
    // Company B's zone is still the default: one company's change is its own.
    expect(valueOf(expectAnswer(settingListResponseSchema, await as(t, beta).get('/api/settings').expect(200)), 'timezone')).toBe(
      'America/Sao_Paulo',
    );
  });

  it('a zone that is not a known IANA name is refused with ERR_VALIDATION saying so; the stored zone stays', async () => {
    // US/Pacific-New: a name the runtime's ICU still knows but PostgreSQL's zone data no longer has.
    for (const value of ['Lua/Base', '-03:00', 'Sao Paulo', '', 'US/Pacific-New']) {
      const bad = await as(t, acme).put('/api/settings/timezone').send({ value }).expect(400);
      const message = `Fuso horário inválido: "${value}" não é um fuso IANA conhecido (ex.: America/Sao_Paulo)`;
      expect(bad.body).toMatchObject({ error: 'ERR_VALIDATION', message, fields: [{ path: 'value', message }] });
    }
    expect(valueOf(expectAnswer(settingListResponseSchema, await as(t, acme).get('/api/settings').expect(200)), 'timezone')).toBe(
      'Asia/Tokyo',
    );
  });

  it('unknown keys answer 404 ERR_NO_SETTING_FOUND; a body key other than the path is refused', async () => {
    expect((await as(t, acme).put('/api/settings/nonsense').send({ value: 'x' }).expect(404)).body.error).toBe('ERR_NO_SETTING_FOUND');
    await as(t, acme).put('/api/settings/userRating').send({ key: 'call', value: 'enabled' }).expect(400);
    await as(t, acme).put('/api/settings/userRating').send({}).expect(400);
  });

  it('plain users read the settings but do not change them; global keys are for super users', async () => {
    await as(t, acme).post('/api/users').send({ name: 'Plain', email: 'plain@acme.test', password: 'plain-pass' }).expect(201);
    const plain = await logIn(t, 'plain@acme.test', 'plain-pass');
    await as(t, plain.token).get('/api/settings').expect(200);
    expect((await as(t, plain.token).put('/api/settings/userRating').send({ value: 'enabled' }).expect(403)).body.error).toBe(
      'ERR_NO_PERMISSION',
    );
    expect((await as(t, plain.token).put('/api/settings/timezone').send({ value: 'America/New_York' }).expect(403)).body.error).toBe(
      'ERR_NO_PERMISSION',
    );
    await as(t, acme).put('/api/settings/allowregister').send({ value: 'disabled' }).expect(403);
  });

  it('GET /settings/{key} answers a company key { key, value } to any user of the company (the ticketz client reads userRating); unknown keys 404', async () => {
    await as(t, acme).put('/api/settings/userRating').send({ value: 'enabled' }).expect(200);
    await as(t, acme).post('/api/users').send({ name: 'Reader', email: 'reader@acme.test', password: 'reader-pass' }).expect(201);
    const reader = await logIn(t, 'reader@acme.test', 'reader-pass');
    expect((await as(t, reader.token).get('/api/settings/userRating').expect(200)).body).toEqual({ key: 'userRating', value: 'enabled' });
    // Another company's value is its own: the key is read in the caller's company, never another's.
    expect((await as(t, beta).get('/api/settings/userRating').expect(200)).body).toEqual({ key: 'userRating', value: 'disabled' });
    expect((await as(t, acme).get('/api/settings/scheduleType').expect(200)).body).toEqual({ key: 'scheduleType', value: 'disabled' });
    expect((await as(t, acme).get('/api/settings/asaas').expect(404)).body.error).toBe('ERR_NO_SETTING_FOUND');
    expect((await as(t, acme).get('/api/settings/nonsense').expect(404)).body.error).toBe('ERR_NO_SETTING_FOUND');
    expect((await as(t, root).get('/api/settings/asaas').expect(404)).body.error).toBe('ERR_NO_SETTING_FOUND');
    // A company key needs the caller's company: no token, no answer; the global keys stay public.
    await request(t.http).get('/api/settings/userRating').expect(401);
    expect((await request(t.http).get('/api/settings/allowregister').expect(200)).body).toEqual({ key: 'allowregister', value: 'enabled' });
  });

  it("the spec's payment keys are billing's (decision 0053): identity stores none, and the migration dropped the plain-text ones", async () => {
    for (const key of ['asaas', 'tokenixc', 'clientsecretmkauth']) {
      expectErrorAnswer(await as(t, root).put(`/api/settings/${key}`).send({ value: 'secret-token' }).expect(404), 'ERR_NO_SETTING_FOUND');
    }
    await t.dataSource.query(
      `INSERT INTO identity.company_settings (company_id, key, value) VALUES ($1, 'tokenixc', 'secret-token'), ($1, 'asaas', 'secret-token')`,
      [acmeId],
    );
    const runner = t.dataSource.createQueryRunner();
    try {
      await new PaymentKeysToBilling1763900000042().up(runner);
    } finally {
      await runner.release();
    }
    expect(await t.dataSource.query(`SELECT key FROM identity.company_settings WHERE value = 'secret-token'`)).toEqual([]);
    expect((await as(t, acme).get('/api/settings').expect(200)).body.length).toBe(COMPANY_SETTING_KEYS.length);
  });
});
