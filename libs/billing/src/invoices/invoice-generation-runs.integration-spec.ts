import { advanceDueDate, RECURRENCE_MONTHS, RECURRENCES } from '@app/contracts';
import { type ServiceTestApp, waitFor } from '@app/platform/testing';

import { CompanyRepository } from '../common/company.repository';
import { startBillingTestApp } from '../testing/billing-test-app';
import { announcePlan, planFixture } from '../testing/identity-fixtures';
import { addDays, INVOICE_GENERATION_QUEUE, InvoiceGenerator } from './invoice-generator';

const PLAN = 7; // R$ 99,90 a month
const MONTHLY_CENTS = 9990;
/** 1,200 companies, 240 of each recurrence: a run goes through them in three batches. */
const PER_RECURRENCE = 240;
const FIRST_ID = 1001;
const FIRST_DUE = '2027-01-10';

interface RunRow {
  owner: string;
  after_company_id: number;
  issued: number;
  takeovers: number;
  finished: boolean;
}

/**
 * Two replicas of billing on one database, each with the schedule running: a slot's run is made by one
 * of them, exactly one invoice per company and period, and a run whose owner died is taken over where
 * it stopped. The clock is fixed (9 days before each due date, the issue window being 10).
 */
describe('invoice generation runs across replicas', () => {
  let a: ServiceTestApp;
  let b: ServiceTestApp;
  let now = new Date('2026-06-01T12:00:00Z');
  const generator = (t: ServiceTestApp) => t.app.get(InvoiceGenerator);
  const nineDaysBefore = (due: string) => new Date(`${addDays(due, -9)}T12:00:00Z`);
  const bothAtOnce = async () => (await Promise.all([generator(a).generate(), generator(b).generate()])).sort((x, y) => x - y);
  const runOf = async (at: Date): Promise<RunRow | undefined> =>
    (
      await a.dataSource.query(
        `SELECT owner, after_company_id, issued, takeovers, finished_at IS NOT NULL AS finished FROM billing.generation_runs WHERE slot = $1`,
        [generator(a).slotAt(at)],
      )
    )[0];
  /** Per recurrence: the invoices of the due date, the companies they are for, and their values. */
  const issuedFor = async (dueDate: string): Promise<{ recurrence: string; invoices: number; companies: number; prices: number[] }[]> =>
    a.dataSource.query(
      `SELECT i.recurrence, count(*)::int AS invoices, count(DISTINCT i.company_id)::int AS companies, array_agg(DISTINCT i.value_cents) AS prices
       FROM billing.invoices i JOIN billing.companies c ON c.id = i.company_id
       WHERE i.due_date = $1 AND c.recurrence = i.recurrence GROUP BY i.recurrence ORDER BY i.recurrence`,
      [dueDate],
    );
  const totalInvoices = async (): Promise<number> => (await a.dataSource.query(`SELECT count(*)::int AS n FROM billing.invoices`))[0].n;

  beforeAll(async () => {
    a = await startBillingTestApp({ now: () => now, issueDaysAhead: 10 });
    b = await startBillingTestApp({ now: () => now, issueDaysAhead: 10 }, undefined, { replicaOf: a });
    // Each replica's start-up look at the schedule is over (the next ones come in an hour, or 31 s for a run's watch).
    await waitFor(
      async () =>
        (await runOf(now))?.finished === true &&
        (
          await a.dataSource.query(
            `SELECT 1 FROM pgboss.job WHERE name = $1 AND state IN ('created', 'retry', 'active') AND start_after < now() + interval '10 seconds'`,
            [INVOICE_GENERATION_QUEUE],
          )
        ).length === 0,
      { what: 'the start-up runs', timeoutMs: 20_000 },
    );
    await announcePlan(a, planFixture(PLAN, 99.9));
    await a.dataSource.query(
      `INSERT INTO billing.companies (id, name, plan_id, status, due_date, recurrence)
       SELECT $1 + n, 'Empresa ' || n, $2, true, $3, ($4::text[])[1 + n % 5] FROM generate_series(0, $5 - 1) AS n`,
      [FIRST_ID, PLAN, FIRST_DUE, RECURRENCES, PER_RECURRENCE * RECURRENCES.length],
    );
  }, 60_000);

  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('two replicas generating at once: one makes the run, exactly one invoice per company, priced by its recurrence', async () => {
    now = nineDaysBefore(FIRST_DUE);
    expect(await bothAtOnce()).toEqual([0, PER_RECURRENCE * RECURRENCES.length]);
    expect(await issuedFor(FIRST_DUE)).toEqual(
      [...RECURRENCES].sort().map((recurrence) => ({
        recurrence,
        invoices: PER_RECURRENCE,
        companies: PER_RECURRENCE,
        prices: [MONTHLY_CENTS * RECURRENCE_MONTHS[recurrence]],
      })),
    );
    expect(await runOf(now)).toEqual(expect.objectContaining({ issued: PER_RECURRENCE * 5, takeovers: 0, finished: true }));
    // The slot's run is done: both replicas looking again issue nothing, nor does a later look in the hour.
    expect(await bothAtOnce()).toEqual([0, 0]);
    now = new Date(now.getTime() + 59 * 60_000);
    expect(await bothAtOnce()).toEqual([0, 0]);
    expect(await totalInvoices()).toBe(PER_RECURRENCE * 5);
  });

  it("each recurrence's next period, by the fixed clock: MENSAL, BIMESTRAL, TRIMESTRAL, SEMESTRAL, ANUAL each issued once, 1, 2, 3, 6 and 12 months on", async () => {
    // The first period paid: identity moves each due date on by its recurrence.
    await a.dataSource.query(
      `UPDATE billing.companies c SET due_date = n.due FROM unnest($1::text[], $2::date[]) AS n(recurrence, due)
       WHERE c.recurrence = n.recurrence AND c.id >= $3 AND c.id < $4`,
      [RECURRENCES, RECURRENCES.map((recurrence) => advanceDueDate(FIRST_DUE, recurrence)), FIRST_ID, FIRST_ID + PER_RECURRENCE * 5],
    );
    let total = PER_RECURRENCE * 5;
    for (const recurrence of RECURRENCES) {
      const due = advanceDueDate(FIRST_DUE, recurrence);
      now = nineDaysBefore(due);
      expect(await bothAtOnce()).toEqual([0, PER_RECURRENCE]);
      expect(await issuedFor(due)).toEqual([
        { recurrence, invoices: PER_RECURRENCE, companies: PER_RECURRENCE, prices: [MONTHLY_CENTS * RECURRENCE_MONTHS[recurrence]] },
      ]);
      total += PER_RECURRENCE;
      expect(await totalInvoices()).toBe(total);
    }
    expect([...RECURRENCES].map((recurrence) => advanceDueDate(FIRST_DUE, recurrence))).toEqual([
      '2027-02-10',
      '2027-03-10',
      '2027-04-10',
      '2027-07-10',
      '2028-01-10',
    ]);
  });

  it('a run whose owner died is left alone while its lease lasts, then taken over by the schedule and finished from where it stopped', async () => {
    const firstId = 9001;
    const due = '2028-03-10';
    await a.dataSource.query(
      `INSERT INTO billing.companies (id, name, plan_id, status, due_date, recurrence)
       SELECT $1 + n, 'Empresa ' || n, $2, true, $3, ($4::text[])[1 + n % 5] FROM generate_series(0, 1199) AS n`,
      [firstId, PLAN, due, RECURRENCES],
    );
    now = nineDaysBefore(due);
    const slot = generator(a).slotAt(now);
    const until = addDays(due, 1);
    // What a replica killed after its first batch leaves: the invoices of the companies up to its
    // cursor, and its run with the lease it renewed last, running out in 2 s.
    const cursor = firstId + 499;
    const companies = a.app.get(CompanyRepository);
    await a.dataSource.transaction(async (manager) =>
      generator(a).issueIn(manager, await companies.dueBy(manager, until, firstId - 1, 500)),
    );
    await a.dataSource.query(
      `INSERT INTO billing.generation_runs (slot, issue_until, owner, lease_until, after_company_id, issued)
       VALUES ($1, $2, 'killed-replica', now() + interval '2 seconds', $3, 500)`,
      [slot, until, cursor],
    );
    const scans: number[] = [];
    for (const t of [a, b]) {
      const repository = t.app.get(CompanyRepository);
      const dueBy = repository.dueBy.bind(repository);
      jest.spyOn(repository, 'dueBy').mockImplementation((manager, upTo, afterId, limit) => {
        if (upTo === until) scans.push(afterId);
        return dueBy(manager, upTo, afterId, limit);
      });
    }

    // Its lease is alive: neither replica takes the run.
    expect(await bothAtOnce()).toEqual([0, 0]);
    expect(await runOf(now)).toEqual({ owner: 'killed-replica', after_company_id: cursor, issued: 500, takeovers: 0, finished: false });

    // Nobody calls again: the look the replicas scheduled for the lease's end takes the run over.
    const run = await waitFor(
      async () => {
        const current = await runOf(now);
        return current?.finished ? current : undefined;
      },
      { what: 'the run taken over and finished', timeoutMs: 15_000 },
    );
    expect(run).toEqual(expect.objectContaining({ issued: 1200, takeovers: 1, after_company_id: firstId + 1199 }));
    expect(run.owner).not.toBe('killed-replica');
    // It went on after the dead owner's cursor, not from the first company.
    expect(scans[0]).toBe(cursor);
    const issued: { invoices: number; companies: number }[] = await a.dataSource.query(
      `SELECT count(*)::int AS invoices, count(DISTINCT company_id)::int AS companies FROM billing.invoices WHERE company_id >= $1`,
      [firstId],
    );
    expect(issued[0]).toEqual({ invoices: 1200, companies: 1200 });
  }, 30_000);
});
