import { randomUUID } from 'node:crypto';

import { paymentSettingSchema, paymentSettingsResponseSchema, subscriptionPixResponseSchema } from '@app/contracts';
import { AccessTokenService } from '@app/platform';
import { expectAnswer, expectErrorAnswer, type ServiceTestApp } from '@app/platform/testing';
import request from 'supertest';

import { InvoiceRepository } from '../invoices/invoice.repository';
import { FakeAsaas } from '../testing/asaas-server';
import { startBillingTestApp } from '../testing/billing-test-app';

const A = 1;
const API_KEY = '$aact_settings_0123456789abcdef';
const WEBHOOK_TOKEN = 'whsec-settings-0123456789abcdef';
const ENV_PIX_KEY = 'env@zapdesk.com.br';

/** The super user's payment settings: sealed at rest, never answered whole, the environment's values the default; they pick the provider. */
describe('payment settings', () => {
  let t: ServiceTestApp;
  let asaas: FakeAsaas;
  let invoiceId: number;
  const root = () =>
    t.app.get(AccessTokenService).sign({ sub: '1', companyId: 1, profile: 'admin', super: true, sid: randomUUID(), plan: [] });
  const admin = () => t.token({ userId: 10, companyId: A, profile: 'admin' });
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const put = (key: string, value: string, token = root()) =>
    request(t.http).put(`/api/payment-settings/${key}`).set(as(token)).send({ value });
  const list = async () =>
    expectAnswer(paymentSettingsResponseSchema, await request(t.http).get('/api/payment-settings').set(as(root())).expect(200));
  const checkout = () =>
    request(t.http)
      .post('/api/subscription')
      .set(as(admin()))
      .send({ invoiceId, firstName: 'Maria', address2: 'Rua 1', city: 'Curitiba', zipcode: '80000-000', country: 'BR' });

  beforeAll(async () => {
    asaas = await new FakeAsaas(API_KEY).start();
    t = await startBillingTestApp(
      {
        staticPix: { key: ENV_PIX_KEY, merchantName: 'Zapdesk', merchantCity: 'Curitiba' },
        asaasApiUrl: asaas.url,
        keysSecret: 'a-test-secret-of-more-than-32-characters!!',
      },
      ['127.0.0.1'],
    );
    const invoices = t.app.get(InvoiceRepository);
    const [row] = await invoices.transaction((manager) =>
      invoices.issueAll(manager, [
        { companyId: A, detail: 'Ouro (Mensal)', valueCents: 9990, dueDate: '2026-12-10', recurrence: 'MENSAL' },
      ]),
    );
    invoiceId = row!.id;
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await asaas?.stop();
  });

  it('with nothing set the environment decides: its static Pix key charges', async () => {
    const settings = await list();
    expect(settings.provider).toBe('static-pix');
    expect(settings.settings.find((setting) => setting.key === 'pixkey')).toMatchObject({ source: 'env', value: ENV_PIX_KEY });
    expect(settings.settings.find((setting) => setting.key === 'asaas')).toMatchObject({ source: 'none', value: '' });
    const pix = expectAnswer(subscriptionPixResponseSchema, await checkout().expect(200));
    expect(pix.qrcode.qrcode).toContain(ENV_PIX_KEY);
  });

  it('a Pix key set by the super user replaces the environment’s at once', async () => {
    expectAnswer(paymentSettingSchema, await put('pixkey', 'settings@zapdesk.com.br').expect(200));
    const pix = expectAnswer(subscriptionPixResponseSchema, await checkout().expect(200));
    expect(pix.qrcode.qrcode).toContain('settings@zapdesk.com.br');
    expect(pix.qrcode.qrcode).not.toContain(ENV_PIX_KEY);
  });

  it('Asaas set in the settings charges through Asaas; its secrets are sealed at rest and answered as a hint only', async () => {
    const answered = expectAnswer(paymentSettingSchema, await put('asaas', API_KEY).expect(200));
    expect(answered).toMatchObject({ key: 'asaas', source: 'settings', value: `••••${API_KEY.slice(-4)}` });
    await put('asaaswebhook', WEBHOOK_TOKEN).expect(200);
    await put('tokenixc', 'ixc-token-0123456789').expect(200);
    await put('clientsecretmkauth', 'mk-secret-0123456789').expect(200);

    const everything = JSON.stringify(await list());
    for (const secret of [API_KEY, WEBHOOK_TOKEN, 'ixc-token-0123456789', 'mk-secret-0123456789']) {
      expect(everything).not.toContain(secret);
    }
    const stored = JSON.stringify(await t.dataSource.query(`SELECT * FROM billing.provider_settings`));
    for (const secret of [API_KEY, WEBHOOK_TOKEN, 'settings@zapdesk.com.br', 'ixc-token-0123456789']) expect(stored).not.toContain(secret);
    expect((await list()).provider).toBe('asaas');

    const pix = expectAnswer(subscriptionPixResponseSchema, await checkout().expect(200));
    expect(asaas.paymentIds()).toHaveLength(1);
    expect(pix.qrcode.qrcode).toContain('br.gov.bcb.pix');
    // Its webhook is verified with the token from the settings.
    const body = asaas.webhookBody({ id: 'evt_settings_1', event: 'PAYMENT_RECEIVED', paymentId: asaas.paymentIds()[0]! });
    await request(t.http)
      .post('/api/invoices/asaas-webhook')
      .set('asaas-access-token', 'whsec-wrong-0123456789abcdef')
      .send(body)
      .expect(403);
    await request(t.http).post('/api/invoices/asaas-webhook').set('asaas-access-token', WEBHOOK_TOKEN).send(body).expect(200);
    expect((await t.dataSource.query(`SELECT status FROM billing.invoices WHERE id = $1`, [invoiceId]))[0].status).toBe('paid');
  });

  it('an empty value removes a setting: the environment’s is used again', async () => {
    const removed = expectAnswer(paymentSettingSchema, await put('pixkey', '').expect(200));
    expect(removed).toMatchObject({ source: 'env', value: ENV_PIX_KEY });
  });

  it('provider addresses go through the outbound URL guard; bad keys and values are refused', async () => {
    expectAnswer(paymentSettingSchema, await put('ipixc', 'http://127.0.0.1:9/ixc').expect(200));
    expectErrorAnswer(await put('ipmkauth', 'http://169.254.169.254/latest').expect(400), 'ERR_VALIDATION');
    expectErrorAnswer(await put('ipixc', 'ftp://ixc.example.com').expect(400), 'ERR_VALIDATION');
    expectErrorAnswer(await put('pixname', 'x'.repeat(26)).expect(400), 'ERR_VALIDATION');
    expectErrorAnswer(await put('nosuchkey', 'value').expect(404), 'ERR_NO_SETTING_FOUND');
    expectErrorAnswer(
      await request(t.http).put('/api/payment-settings/asaas').set(as(root())).send({ value: 12 }).expect(400),
      'ERR_VALIDATION',
    );
  });

  it("a company's admin (not a super user) neither reads nor changes them", async () => {
    expectErrorAnswer(await request(t.http).get('/api/payment-settings').set(as(admin())).expect(403), 'ERR_NO_PERMISSION');
    expectErrorAnswer(await put('asaas', 'stolen-key-0123456789', admin()).expect(403), 'ERR_NO_PERMISSION');
    expect((await list()).settings.find((setting) => setting.key === 'asaas')!.value).toBe(`••••${API_KEY.slice(-4)}`);
  });
});
