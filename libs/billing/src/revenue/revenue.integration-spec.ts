import { randomUUID } from 'node:crypto';

import { revenueResponseSchema } from '@app/contracts';
import { AccessTokenService } from '@app/platform';
import { expectAnswer, expectErrorAnswer, type ServiceTestApp } from '@app/platform/testing';
import request from 'supertest';

import { InvoiceRepository, type NewInvoice } from '../invoices/invoice.repository';
import { startBillingTestApp } from '../testing/billing-test-app';
import { announcePlan, planFixture } from '../testing/identity-fixtures';

/** The platform operator's revenue view (beyond the spec): invoices by month of due date and by plan, with a fixed clock. */
describe('revenue over HTTP', () => {
  let t: ServiceTestApp;
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const operator = () =>
    t.app.get(AccessTokenService).sign({ sub: '1', companyId: 1, profile: 'admin', super: true, sid: randomUUID(), plan: [] });
  const invoice = (companyId: number, planId: number | null, dueDate: string, valueCents: number): NewInvoice => ({
    companyId,
    planId,
    detail: 'Plano',
    valueCents,
    dueDate,
    recurrence: 'MENSAL',
  });

  beforeAll(async () => {
    t = await startBillingTestApp({ now: () => new Date('2026-12-08T13:00:00Z') });
    await announcePlan(t, planFixture(1, 99.9, { name: 'Ouro' }));
    await announcePlan(t, planFixture(2, 49.9, { name: 'Prata' }));
    const invoices = t.app.get(InvoiceRepository);
    const rows = await invoices.transaction((manager) =>
      invoices.issueAll(manager, [
        invoice(10, 1, '2026-10-10', 9990), // paid
        invoice(11, 2, '2026-10-20', 4990), // overdue
        invoice(10, 1, '2026-11-10', 9990), // paid
        invoice(12, 2, '2026-12-05', 4990), // overdue (before today)
        invoice(13, 2, '2026-12-20', 4990), // open
        invoice(14, null, '2026-12-28', 1000), // open, plan not recorded
        invoice(15, 1, '2025-01-10', 9990), // outside the window
      ]),
    );
    const paid = [rows[0]!.id, rows[2]!.id];
    await t.dataSource.query(`UPDATE billing.invoices SET status = 'paid', paid_at = now() WHERE id = ANY($1)`, [paid]);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('sums every month of the window (empty ones too) and each plan, received, open and overdue, in cents', async () => {
    const revenue = expectAnswer(
      revenueResponseSchema,
      await request(t.http).get('/api/invoices/revenue').query({ months: 3 }).set(as(operator())).expect(200),
    );
    expect(revenue).toMatchObject({ from: '2026-10', to: '2026-12' });
    expect(revenue.months).toEqual([
      { month: '2026-10', paidCount: 1, paidCents: 9990, openCount: 0, openCents: 0, overdueCount: 1, overdueCents: 4990 },
      { month: '2026-11', paidCount: 1, paidCents: 9990, openCount: 0, openCents: 0, overdueCount: 0, overdueCents: 0 },
      { month: '2026-12', paidCount: 0, paidCents: 0, openCount: 2, openCents: 5990, overdueCount: 1, overdueCents: 4990 },
    ]);
    expect(revenue.plans).toEqual([
      { planId: 1, planName: 'Ouro', paidCount: 2, paidCents: 19980, openCount: 0, openCents: 0, overdueCount: 0, overdueCents: 0 },
      { planId: 2, planName: 'Prata', paidCount: 0, paidCents: 0, openCount: 1, openCents: 4990, overdueCount: 2, overdueCents: 9980 },
      { planId: null, planName: '—', paidCount: 0, paidCents: 0, openCount: 1, openCents: 1000, overdueCount: 0, overdueCents: 0 },
    ]);
    expect(revenue.totals).toEqual({ paidCount: 2, paidCents: 19980, openCount: 2, openCents: 5990, overdueCount: 2, overdueCents: 9980 });
    const year = expectAnswer(revenueResponseSchema, await request(t.http).get('/api/invoices/revenue').set(as(operator())).expect(200));
    expect(year.months).toHaveLength(12);
    expect(year.from).toBe('2026-01');
  });

  it("a company's admin may not read it; bad windows are refused", async () => {
    const admin = t.token({ userId: 5, companyId: 10, profile: 'admin' });
    expectErrorAnswer(await request(t.http).get('/api/invoices/revenue').set(as(admin)).expect(403), 'ERR_NO_PERMISSION');
    for (const months of ['0', '37', 'x']) {
      expectErrorAnswer(
        await request(t.http).get('/api/invoices/revenue').query({ months }).set(as(operator())).expect(400),
        'ERR_VALIDATION',
      );
    }
  });
});
