import { invoicePaid, subscriptionPixResponseSchema } from '@app/contracts';
import { readEvent } from '@app/platform';
import { expectAnswer, expectErrorAnswer, type ServiceTestApp } from '@app/platform/testing';
import request from 'supertest';

import { InvoiceRepository } from '../invoices/invoice.repository';
import { FakeAsaas } from '../testing/asaas-server';
import { startBillingTestApp } from '../testing/billing-test-app';

const A = 1;
const B = 2;
const API_KEY = '$aact_test_0123456789abcdef';
const WEBHOOK_TOKEN = 'whsec-zapdesk-0123456789abcdef';

/** Asaas: a customer and a Pix charge made once per invoice, and its webhook paying the invoice once, verified by its token. */
describe('payments through Asaas', () => {
  let t: ServiceTestApp;
  let asaas: FakeAsaas;
  let invoiceOfA: number;
  let invoiceOfB: number;
  const admin = (companyId = A) => t.token({ userId: companyId * 10, companyId, profile: 'admin' });
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const payer = (invoiceId: number) => ({
    invoiceId,
    firstName: 'Maria',
    address2: 'Rua 1',
    city: 'Curitiba',
    zipcode: '80000-000',
    country: 'BR',
  });
  const checkout = (invoiceId: number, companyId = A) =>
    request(t.http)
      .post('/api/subscription')
      .set(as(admin(companyId)))
      .send(payer(invoiceId));
  const webhook = (body: object, token: string | null = WEBHOOK_TOKEN) => {
    const call = request(t.http).post('/api/invoices/asaas-webhook');
    return (token === null ? call : call.set('asaas-access-token', token)).send(body);
  };
  const statusOf = async (id: number): Promise<string> =>
    (await t.dataSource.query(`SELECT status FROM billing.invoices WHERE id = $1`, [id]))[0].status;
  const paidEvents = (id: number) => t.events.filter((envelope) => readEvent(invoicePaid, envelope)?.invoice.id === id);

  beforeAll(async () => {
    asaas = await new FakeAsaas(API_KEY).start();
    t = await startBillingTestApp({ asaas: { apiUrl: asaas.url, apiKey: API_KEY, webhookToken: WEBHOOK_TOKEN } }, ['127.0.0.1']);
    const invoices = t.app.get(InvoiceRepository);
    const rows = await invoices.transaction((manager) =>
      invoices.issueAll(manager, [
        { companyId: A, detail: 'Ouro (Mensal)', valueCents: 9990, dueDate: '2026-12-10', recurrence: 'MENSAL' },
        { companyId: B, detail: 'Prata (Mensal)', valueCents: 4990, dueDate: '2026-12-10', recurrence: 'MENSAL' },
      ]),
    );
    [invoiceOfA, invoiceOfB] = rows.map((row) => row.id) as [number, number];
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await asaas?.stop();
  });

  it("a checkout makes the company's customer and the invoice's Pix charge at Asaas once, and answers its payload", async () => {
    const first = expectAnswer(subscriptionPixResponseSchema, await checkout(invoiceOfA).expect(200));
    expect(first.valor.original).toBe('99.90');
    expect(first.qrcode.qrcode).toMatch(/^000201.*6304[0-9A-F]{4}$/);
    const again = expectAnswer(subscriptionPixResponseSchema, await checkout(invoiceOfA).expect(200));
    expect(again.qrcode.qrcode).toBe(first.qrcode.qrcode);
    const created = asaas.requests.filter((call) => call.method === 'POST');
    expect(created.map((call) => call.path)).toEqual(['/customers', '/payments']);
    expect(created[1]!.body).toMatchObject({
      billingType: 'PIX',
      value: 99.9,
      dueDate: '2026-12-10',
      externalReference: `invoice-${invoiceOfA}`,
    });
  });

  it('Asaas failing or limiting answers 503 or 429 and makes no charge; another company cannot pay the invoice', async () => {
    asaas.failures.push(500);
    expectErrorAnswer(await checkout(invoiceOfB, B).expect(503), 'ERR_SERVICE_UNAVAILABLE');
    asaas.failures.push(429);
    expectErrorAnswer(await checkout(invoiceOfB, B).expect(429), 'ERR_RATE_LIMITED');
    expect((await t.dataSource.query(`SELECT 1 FROM billing.charges WHERE invoice_id = $1`, [invoiceOfB])).length).toBe(0);
    expectErrorAnswer(await checkout(invoiceOfA, B).expect(404), 'ERR_NOT_FOUND');
  });

  it('a webhook without the right token changes nothing; one naming a payment billing did not make is ignored', async () => {
    const [paymentId] = asaas.paymentIds();
    const body = asaas.webhookBody({ id: 'evt_forged', event: 'PAYMENT_RECEIVED', paymentId: paymentId! });
    expectErrorAnswer(await webhook(body, null).expect(403), 'ERR_INVALID_TOKEN');
    expectErrorAnswer(await webhook(body, 'whsec-guessed-000000000000').expect(403), 'ERR_INVALID_TOKEN');
    await webhook(asaas.webhookBody({ id: 'evt_other', event: 'PAYMENT_RECEIVED', paymentId: 'pay_999' })).expect(200);
    expectErrorAnswer(await webhook({ nothing: true }).expect(400), 'ERR_VALIDATION');
    expect(await statusOf(invoiceOfA)).toBe('open');
    // The forged call's id was not recorded: the real event with that id still applies later.
    expect((await t.dataSource.query(`SELECT 1 FROM billing.webhook_events WHERE event_id = 'evt_forged'`)).length).toBe(0);
  });

  it('PAYMENT_RECEIVED pays the invoice and announces it once, however often and in whatever order Asaas repeats its events', async () => {
    const [paymentId] = asaas.paymentIds();
    const received = asaas.webhookBody({ id: 'evt_1', event: 'PAYMENT_RECEIVED', paymentId: paymentId! });
    const confirmed = asaas.webhookBody({ id: 'evt_2', event: 'PAYMENT_CONFIRMED', paymentId: paymentId! });
    await Promise.all([webhook(received).expect(200), webhook(received).expect(200), webhook(confirmed).expect(200)]);
    await webhook(received).expect(200);
    expect(await statusOf(invoiceOfA)).toBe('paid');
    await t.published();
    expect(paidEvents(invoiceOfA)).toHaveLength(1);
    expect(await statusOf(invoiceOfB)).toBe('open');
  });
});
