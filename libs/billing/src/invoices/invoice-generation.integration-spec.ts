import { invoiceCreated, type Recurrence } from '@app/contracts';
import { readEvent } from '@app/platform';
import { type ServiceTestApp, waitFor } from '@app/platform/testing';

import { startBillingTestApp } from '../testing/billing-test-app';
import { announceCompany, announcePlan, companyFixture, planFixture } from '../testing/identity-fixtures';
import { addDays, calendarDay, INVOICE_GENERATION_QUEUE, InvoiceGenerator } from './invoice-generator';

const OURO = 7;
const CAROS = 8;

interface StoredInvoice {
  company_id: number;
  detail: string;
  value_cents: number;
  due_date: string;
  recurrence: string;
  status: string;
}

/** Invoices are issued from each company's plan and recurrence ahead of its due date, once per company and period, by a fixed clock. */
describe('invoice generation', () => {
  let t: ServiceTestApp;
  let now = new Date('2026-10-01T15:00:00Z');
  const generator = () => t.app.get(InvoiceGenerator);
  const stored = async (): Promise<StoredInvoice[]> =>
    t.dataSource.query(
      `SELECT company_id, detail, value_cents, to_char(due_date, 'YYYY-MM-DD') AS due_date, recurrence, status
       FROM billing.invoices ORDER BY company_id, due_date`,
    );
  const recurrences: [number, Recurrence, number][] = [
    [101, 'MENSAL', 1],
    [102, 'BIMESTRAL', 2],
    [103, 'TRIMESTRAL', 3],
    [104, 'SEMESTRAL', 6],
    [105, 'ANUAL', 12],
  ];

  beforeAll(async () => {
    t = await startBillingTestApp({ now: () => now, issueDaysAhead: 10, generateEverySeconds: 3_600 });
    // The schedule's first run (at start, by a clock long before any due date) is over before the tests drive the generator.
    await waitFor(
      async () =>
        (await t.dataSource.query(`SELECT 1 FROM pgboss.job WHERE name = $1 AND state = 'completed'`, [INVOICE_GENERATION_QUEUE])).length >
        0,
      { what: 'the first scheduled run', timeoutMs: 20_000 },
    );
    await announcePlan(t, planFixture(OURO, 99.9, { name: 'Ouro' }));
    await announcePlan(t, planFixture(CAROS, 1234.56, { name: 'Caro' }));
    for (const [id, recurrence] of recurrences) await announceCompany(t, companyFixture(id, OURO, { dueDate: '2026-12-10', recurrence }));
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('the calendar helpers count days in the company zone', () => {
    expect(calendarDay(new Date('2026-12-01T02:00:00Z'), 'America/Sao_Paulo')).toBe('2026-11-30');
    expect(addDays('2026-12-25', 10)).toBe('2027-01-04');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it("issues each company's period invoice 10 days ahead: the plan's monthly value times the months of MENSAL, BIMESTRAL, TRIMESTRAL, SEMESTRAL and ANUAL, in cents", async () => {
    now = new Date('2026-11-29T15:00:00Z'); // 11 days before the due date: not yet
    expect(await generator().generate()).toBe(0);
    now = new Date('2026-11-30T15:00:00Z'); // 10 days before
    expect(await generator().generate()).toBe(5);
    expect(await stored()).toEqual(
      recurrences.map(([id, recurrence, months]) => ({
        company_id: id,
        detail: `Ouro (${{ MENSAL: 'Mensal', BIMESTRAL: 'Bimestral', TRIMESTRAL: 'Trimestral', SEMESTRAL: 'Semestral', ANUAL: 'Anual' }[recurrence]})`,
        value_cents: 9990 * months,
        due_date: '2026-12-10',
        recurrence,
        status: 'open',
      })),
    );
    await t.published();
    const announced = t.events.map((envelope) => readEvent(invoiceCreated, envelope)?.invoice).filter((invoice) => invoice !== undefined);
    expect(announced.map((invoice) => [invoice!.companyId, invoice!.value]).sort()).toEqual(
      recurrences.map(([id, , months]) => [id, 9990 * months]).sort(),
    );
  });

  it('issues nothing twice: runs again, two at once, and after the due date passed unpaid', async () => {
    const before = (await stored()).length;
    expect(await generator().generate()).toBe(0);
    const [first, second] = await Promise.all([generator().generate(), generator().generate()]);
    expect(first + second).toBe(0);
    now = new Date('2026-12-20T15:00:00Z');
    expect(await generator().generate()).toBe(0);
    expect((await stored()).length).toBe(before);
  });

  it('a moved due date opens the next period, priced by the plan as it is then; an inactive company or one without a due date is not billed', async () => {
    now = new Date('2027-01-01T15:00:00Z');
    await announceCompany(t, companyFixture(101, CAROS, { dueDate: '2027-01-10', recurrence: 'MENSAL' }));
    await announceCompany(t, companyFixture(102, OURO, { dueDate: '2027-01-10', recurrence: 'BIMESTRAL', status: false }));
    await announceCompany(t, companyFixture(103, OURO, { dueDate: null, recurrence: 'TRIMESTRAL' }));
    // 101's announcement issued its invoice already (decision 0055): the run finds it done.
    expect(await generator().generate()).toBe(0);
    const next = (await stored()).filter((invoice) => invoice.due_date === '2027-01-10');
    expect(next).toEqual([expect.objectContaining({ company_id: 101, detail: 'Caro (Mensal)', value_cents: 123456 })]);
  });

  it('two runs racing over many companies issue exactly one invoice per company and period', async () => {
    now = new Date('2027-03-01T15:00:00Z');
    await t.dataSource.query(
      `INSERT INTO billing.companies (id, name, plan_id, status, due_date, recurrence)
       SELECT id, 'Empresa ' || id, $1, true, '2027-03-05', 'MENSAL' FROM generate_series(1001, 1600) AS id`,
      [OURO],
    );
    const [first, second] = await Promise.all([generator().generate(), generator().generate()]);
    expect(first + second).toBe(600);
    const counted: { n: number; companies: number }[] = await t.dataSource.query(
      `SELECT count(*)::int AS n, count(DISTINCT company_id)::int AS companies FROM billing.invoices WHERE due_date = '2027-03-05'`,
    );
    expect(counted[0]).toEqual({ n: 600, companies: 600 });
  }, 60_000);
});

describe('invoice generation on the schedule', () => {
  let t: ServiceTestApp;

  afterAll(async () => {
    await t?.close();
  });

  it('the pg-boss job issues the invoices by itself and comes back', async () => {
    // A fixed date whose seconds pass: each second is a slot of its own, with its own run.
    const started = Date.now();
    let date = new Date('2026-12-01T15:00:00Z');
    t = await startBillingTestApp({ now: () => new Date(date.getTime() + Date.now() - started), generateEverySeconds: 1 });
    await announcePlan(t, planFixture(OURO, 50));
    // Written to billing's copy directly, not announced: an announcement would issue the invoice itself (decision 0055).
    await t.dataSource.query(
      `INSERT INTO billing.companies (id, name, plan_id, status, due_date, recurrence) VALUES (201, 'Empresa 201', $1, true, '2026-12-05', 'MENSAL')`,
      [OURO],
    );
    await waitFor(async () => (await t.dataSource.query(`SELECT 1 FROM billing.invoices WHERE company_id = 201`)).length === 1, {
      what: 'the scheduled run issued the invoice',
      timeoutMs: 20_000,
    });
    date = new Date('2027-01-01T15:00:00Z');
    await t.dataSource.query(`UPDATE billing.companies SET due_date = '2027-01-05' WHERE id = 201`);
    await waitFor(async () => (await t.dataSource.query(`SELECT 1 FROM billing.invoices WHERE company_id = 201`)).length === 2, {
      what: 'a later run issued the next period',
      timeoutMs: 20_000,
    });
  }, 60_000);
});
