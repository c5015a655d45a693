import { invoiceDisplayStatus, invoicePageResponseSchema, INVOICES_PAGE_SIZE } from '@app/contracts';
import { expectAnswer, expectErrorAnswer, type ServiceTestApp } from '@app/platform/testing';
import request from 'supertest';

import { startBillingTestApp } from '../testing/billing-test-app';
import { InvoiceRepository } from './invoice.repository';

const A = 1;
const B = 2;

/** Faturas (spec 3): a company's invoices, for its admins, 20 a page, newest due date first, money in cents. */
describe('invoices over HTTP', () => {
  let t: ServiceTestApp;
  const admin = () => t.token({ userId: 1, companyId: A, profile: 'admin' });
  const user = () => t.token({ userId: 2, companyId: A, profile: 'user' });
  const outsider = () => t.token({ userId: 20, companyId: B, profile: 'admin' });
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const list = async (token: string, query = '') =>
    expectAnswer(invoicePageResponseSchema, await request(t.http).get(`/api/invoices/all${query}`).set(as(token)).expect(200));

  beforeAll(async () => {
    t = await startBillingTestApp();
    const invoices = t.app.get(InvoiceRepository);
    await invoices.transaction(async (manager) => {
      // 25 monthly invoices of A (2025-01-10 .. 2027-01-10), the first ones paid; one of B.
      for (let n = 0; n < 25; n++) {
        const month = new Date(Date.UTC(2025, n, 10)).toISOString().slice(0, 10);
        await invoices.issueAll(manager, [
          {
            companyId: A,
            detail: `Plano Ouro ${month}`,
            valueCents: 9990,
            dueDate: month,
            recurrence: 'MENSAL',
          },
        ]);
      }
      await manager.query(
        `UPDATE billing.invoices SET status = 'paid', paid_at = now() WHERE company_id = $1 AND due_date < '2025-06-01'`,
        [A],
      );
      await invoices.issueAll(manager, [
        { companyId: B, detail: 'Plano de B', valueCents: 5000, dueDate: '2026-12-10', recurrence: 'ANUAL' },
      ]);
    });
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it("lists the company's invoices 20 a page, latest due date first, with hasMore for the infinite scroll", async () => {
    const first = await list(admin());
    expect(first.count).toBe(25);
    expect(first.hasMore).toBe(true);
    expect(first.invoices).toHaveLength(INVOICES_PAGE_SIZE);
    expect(first.invoices[0]).toMatchObject({ companyId: A, dueDate: '2027-01-10', value: 9990, status: 'open', paidAt: null });
    const second = await list(admin(), '?pageNumber=2');
    expect(second.hasMore).toBe(false);
    expect(second.invoices.map((invoice) => invoice.dueDate)).toEqual([
      '2025-05-10',
      '2025-04-10',
      '2025-03-10',
      '2025-02-10',
      '2025-01-10',
    ]);
    expect(second.invoices.every((invoice) => invoice.status === 'paid' && invoice.paidAt !== null)).toBe(true);
  });

  it('searches in the detail and validates the page', async () => {
    const found = await list(admin(), `?searchParam=${encodeURIComponent('2026-03')}`);
    expect(found.invoices.map((invoice) => invoice.dueDate)).toEqual(['2026-03-10']);
    expectErrorAnswer(await request(t.http).get('/api/invoices/all?pageNumber=0').set(as(admin())).expect(400), 'ERR_VALIDATION');
  });

  it('derives Pago, Vencido and Em Aberto from the status and the dates', async () => {
    const { invoices } = await list(admin(), '?pageNumber=1');
    const byDue = new Map(invoices.map((invoice) => [invoice.dueDate, invoice]));
    expect(invoiceDisplayStatus(byDue.get('2026-11-10')!, '2026-11-27')).toBe('overdue');
    expect(invoiceDisplayStatus(byDue.get('2026-11-10')!, '2026-11-10')).toBe('open');
    expect(invoiceDisplayStatus(byDue.get('2026-12-10')!, '2026-11-27')).toBe('open');
    const paid = (await list(admin(), '?pageNumber=2')).invoices[0]!;
    expect(invoiceDisplayStatus(paid, '2030-01-01')).toBe('paid');
  });

  it("another company's admin sees only its own invoices; a plain user is refused", async () => {
    const theirs = await list(outsider());
    expect(theirs.count).toBe(1);
    expect(theirs.invoices[0]).toMatchObject({ companyId: B, detail: 'Plano de B' });
    expect(theirs.invoices.some((invoice) => invoice.companyId === A)).toBe(false);
    expectErrorAnswer(await request(t.http).get('/api/invoices/all').set(as(user())).expect(403), 'ERR_NO_PERMISSION');
    await request(t.http).get('/api/invoices/all').expect(401);
  });
});
