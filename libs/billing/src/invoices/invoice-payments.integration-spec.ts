import { randomUUID } from 'node:crypto';

import { invoicePaid, invoiceSchema, openInvoicesResponseSchema } from '@app/contracts';
import { AccessTokenService, readEvent } from '@app/platform';
import { expectAnswer, expectErrorAnswer, type ServiceTestApp } from '@app/platform/testing';
import request from 'supertest';

import { startBillingTestApp } from '../testing/billing-test-app';
import { InvoiceRepository } from './invoice.repository';

const A = 1;
const B = 2;

/** The static Pix key mode: the platform's operator confirms a payment by hand, once. */
describe('confirming a payment', () => {
  let t: ServiceTestApp;
  let invoiceOfB: number;
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const operator = () =>
    t.app.get(AccessTokenService).sign({ sub: '1', companyId: A, profile: 'admin', super: true, sid: randomUUID(), plan: [] });
  const paidEvents = () => t.events.filter((envelope) => readEvent(invoicePaid, envelope)?.invoice.id === invoiceOfB);

  beforeAll(async () => {
    t = await startBillingTestApp({ now: () => new Date('2026-12-08T13:00:00Z') });
    const invoices = t.app.get(InvoiceRepository);
    const [row] = await invoices.transaction((manager) =>
      invoices.issueAll(manager, [
        { companyId: B, detail: 'Ouro (Trimestral)', valueCents: 29970, dueDate: '2026-12-10', recurrence: 'TRIMESTRAL' },
      ]),
    );
    invoiceOfB = row!.id;
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it("the operator lists a company's open invoices to confirm; a company's admin may not, bad ids are refused", async () => {
    const open = expectAnswer(
      openInvoicesResponseSchema,
      await request(t.http).get('/api/invoices/open').query({ companyId: B }).set(as(operator())).expect(200),
    );
    expect(open.map((invoice) => invoice.id)).toEqual([invoiceOfB]);
    expect(
      expectAnswer(
        openInvoicesResponseSchema,
        await request(t.http).get('/api/invoices/open').query({ companyId: A }).set(as(operator())).expect(200),
      ),
    ).toEqual([]);
    const admin = t.token({ userId: 5, companyId: B, profile: 'admin' });
    expectErrorAnswer(
      await request(t.http).get('/api/invoices/open').query({ companyId: B }).set(as(admin)).expect(403),
      'ERR_NO_PERMISSION',
    );
    expectErrorAnswer(
      await request(t.http).get('/api/invoices/open').query({ companyId: 'x' }).set(as(operator())).expect(400),
      'ERR_VALIDATION',
    );
  });

  it("only the platform's operator confirms; a company's own admin cannot mark its invoice paid", async () => {
    const admin = t.token({ userId: 5, companyId: B, profile: 'admin' });
    expectErrorAnswer(
      await request(t.http).post(`/api/invoices/${invoiceOfB}/confirm-payment`).set(as(admin)).expect(403),
      'ERR_NO_PERMISSION',
    );
    const [stored] = await t.dataSource.query(`SELECT status FROM billing.invoices WHERE id = $1`, [invoiceOfB]);
    expect(stored.status).toBe('open');
  });

  it('a confirmation pays the invoice and announces billing.invoice.paid once, however often it is repeated', async () => {
    const first = expectAnswer(
      invoiceSchema,
      await request(t.http).post(`/api/invoices/${invoiceOfB}/confirm-payment`).set(as(operator())).expect(200),
    );
    expect(first).toMatchObject({ id: invoiceOfB, companyId: B, status: 'paid', paidAt: '2026-12-08T13:00:00.000Z' });
    const again = await Promise.all(
      [1, 2, 3].map(() => request(t.http).post(`/api/invoices/${invoiceOfB}/confirm-payment`).set(as(operator())).expect(200)),
    );
    expect(again.map((answer) => invoiceSchema.parse(answer.body).status)).toEqual(['paid', 'paid', 'paid']);
    await t.published();
    expect(paidEvents()).toHaveLength(1);
    expect(readEvent(invoicePaid, paidEvents()[0]!)?.invoice).toMatchObject({
      companyId: B,
      dueDate: '2026-12-10',
      recurrence: 'TRIMESTRAL',
    });
    expect(paidEvents()[0]!.companyId).toBe(B);
  });

  it('an unknown invoice is not found', async () => {
    expectErrorAnswer(await request(t.http).post('/api/invoices/999999/confirm-payment').set(as(operator())).expect(404), 'ERR_NOT_FOUND');
  });
});
