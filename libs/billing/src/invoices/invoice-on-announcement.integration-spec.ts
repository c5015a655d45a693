import { randomUUID } from 'node:crypto';

import { type CompanySnapshot, companyUpdated, type EventEnvelope, invoiceCreated } from '@app/contracts';
import { readEvent } from '@app/platform';
import { type ServiceTestApp, waitFor } from '@app/platform/testing';

import { CompanyEventsConsumer } from '../companies/company-events.consumer';
import { startBillingTestApp } from '../testing/billing-test-app';
import { announceCompany, announcePlan, companyFixture, planFixture } from '../testing/identity-fixtures';
import { INVOICE_GENERATION_QUEUE, InvoiceGenerator } from './invoice-generator';

const OURO = 7; // R$ 99,90 a month
const FREE = 9; // R$ 0,00

/** identity's company.updated as its relay would deliver it (each call: a new event id). */
const announcement = (company: CompanySnapshot): EventEnvelope => ({
  id: randomUUID(),
  type: companyUpdated.type,
  version: companyUpdated.version,
  companyId: company.id,
  key: `company-${company.id}`,
  occurredAt: new Date().toISOString(),
  payload: { company },
});

/**
 * A company's announcement issues its period's invoice at once when generation's rule makes it due
 * (10 days ahead, active, a priced plan): no hourly run needed, and never a second one beside the run's.
 */
describe('invoice issued on the company announcement', () => {
  let t: ServiceTestApp;
  let now = new Date('2026-11-30T15:00:00Z'); // issues due dates up to 2026-12-10
  const generator = () => t.app.get(InvoiceGenerator);
  const invoicesOf = async (companyId: number): Promise<{ value_cents: number; due_date: string }[]> =>
    t.dataSource.query(
      `SELECT value_cents, to_char(due_date, 'YYYY-MM-DD') AS due_date FROM billing.invoices WHERE company_id = $1 ORDER BY due_date`,
      [companyId],
    );
  const announcedInvoices = async (companyId: number): Promise<number> => {
    await t.published();
    return t.events.filter((envelope) => readEvent(invoiceCreated, envelope)?.invoice.companyId === companyId).length;
  };

  beforeAll(async () => {
    t = await startBillingTestApp({ now: () => now, issueDaysAhead: 10, generateEverySeconds: 3_600 });
    // The schedule's start-up run is over (the next one comes in an hour).
    await waitFor(
      async () =>
        (await t.dataSource.query(`SELECT 1 FROM pgboss.job WHERE name = $1 AND state = 'completed'`, [INVOICE_GENERATION_QUEUE])).length >
        0,
      { what: 'the first scheduled run', timeoutMs: 20_000 },
    );
    await announcePlan(t, planFixture(OURO, 99.9, { name: 'Ouro' }));
    await announcePlan(t, planFixture(FREE, 0, { name: 'Grátis' }));
  }, 60_000);

  afterAll(async () => {
    jest.restoreAllMocks();
    await t?.close();
  });

  it('a new company due within the window has its open invoice as soon as billing knows it, without any generation run', async () => {
    const generate = jest.spyOn(generator(), 'generate');
    const runsBefore = (await t.dataSource.query(`SELECT count(*)::int AS n FROM billing.generation_runs`))[0].n;
    await announceCompany(t, companyFixture(301, OURO, { dueDate: '2026-12-05', recurrence: 'MENSAL' }));
    // Issued in the transaction that recorded the company: visible with it.
    expect(await invoicesOf(301)).toEqual([{ value_cents: 9990, due_date: '2026-12-05' }]);
    expect(await announcedInvoices(301)).toBe(1);
    expect(generate).not.toHaveBeenCalled();
    expect((await t.dataSource.query(`SELECT count(*)::int AS n FROM billing.generation_runs`))[0].n).toBe(runsBefore);
    generate.mockRestore();
  });

  it('the same announcement delivered twice, another one like it and a generation run at the same time: exactly one invoice', async () => {
    now = new Date('2026-11-30T16:00:00Z'); // a new slot: its run scans every company due
    const company = companyFixture(302, OURO, { dueDate: '2026-12-08', recurrence: 'TRIMESTRAL' });
    const event = announcement(company);
    const consumer = t.app.get(CompanyEventsConsumer);
    const [, , , issuedByRun] = await Promise.all([
      consumer.handle(event),
      consumer.handle(event),
      consumer.handle(announcement(company)),
      generator().generate(),
    ]);
    expect(issuedByRun).toBeLessThanOrEqual(1);
    expect(await invoicesOf(302)).toEqual([{ value_cents: 9990 * 3, due_date: '2026-12-08' }]);
    expect(await announcedInvoices(302)).toBe(1);
    // The run found 301 issued on its announcement: still one.
    expect(await invoicesOf(301)).toHaveLength(1);
    // The hourly run of the next slot finds both done.
    now = new Date('2026-11-30T17:00:00Z');
    expect(await generator().generateOnSchedule()).toBe(0);
    expect(await invoicesOf(302)).toHaveLength(1);
  });

  it('none for a free plan, a due date beyond the window or an inactive company, as the hourly run; a later change that makes it due issues it', async () => {
    await announceCompany(t, companyFixture(303, FREE, { dueDate: '2026-12-05' }));
    await announceCompany(t, companyFixture(304, OURO, { dueDate: '2027-01-20' }));
    await announceCompany(t, companyFixture(305, OURO, { dueDate: '2026-12-05', status: false }));
    // The projection and the invoice commit together: the company known, no invoice means none issued.
    for (const id of [303, 304, 305]) expect(await invoicesOf(id)).toEqual([]);
    now = new Date('2026-11-30T18:00:00Z');
    expect(await generator().generateOnSchedule()).toBe(0);
    for (const id of [303, 304, 305]) expect(await invoicesOf(id)).toEqual([]);

    // The free company moves to a priced plan, the other's due date comes within the window.
    await announceCompany(t, companyFixture(303, OURO, { dueDate: '2026-12-05' }));
    await announceCompany(t, companyFixture(304, OURO, { dueDate: '2026-12-10' }));
    expect(await invoicesOf(303)).toEqual([{ value_cents: 9990, due_date: '2026-12-05' }]);
    expect(await invoicesOf(304)).toEqual([{ value_cents: 9990, due_date: '2026-12-10' }]);
    // An announcement that changes nothing billed (a new name) issues nothing more.
    await t.publish(companyUpdated, 304, 'company-304', { company: companyFixture(304, OURO, { dueDate: '2026-12-10', name: 'Outra' }) });
    await waitFor(
      async () => (await t.dataSource.query(`SELECT 1 FROM billing.companies WHERE id = 304 AND name = 'Outra'`)).length === 1,
      {
        what: 'the rename known to billing',
      },
    );
    expect(await invoicesOf(304)).toHaveLength(1);
    expect(await announcedInvoices(304)).toBe(1);
  });

  it("a company billing learnt of before its plan has its invoice when the plan's announcement arrives", async () => {
    const LATE = 11;
    await announceCompany(t, companyFixture(306, LATE, { dueDate: '2026-12-06', recurrence: 'BIMESTRAL' }));
    await announceCompany(t, companyFixture(307, LATE, { dueDate: '2027-01-30' }));
    expect(await invoicesOf(306)).toEqual([]);
    await announcePlan(t, planFixture(LATE, 45.5, { name: 'Tardio' }));
    expect(await invoicesOf(306)).toEqual([{ value_cents: 4550 * 2, due_date: '2026-12-06' }]);
    expect(await invoicesOf(307)).toEqual([]);
    // Announced again (a new value): the issued period keeps its invoice, nothing more is issued.
    await announcePlan(t, planFixture(LATE, 50, { name: 'Tardio' }));
    expect(await invoicesOf(306)).toHaveLength(1);
    expect(await announcedInvoices(306)).toBe(1);
  });
});
