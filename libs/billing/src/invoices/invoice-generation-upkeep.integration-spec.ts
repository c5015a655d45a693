import { JOBS, type Jobs } from '@app/platform';
import { type ServiceTestApp, waitFor } from '@app/platform/testing';

import { startBillingTestApp } from '../testing/billing-test-app';
import { announcePlan, planFixture } from '../testing/identity-fixtures';
import { GENERATION_RUNS_KEPT_DAYS, INVOICE_GENERATION_QUEUE, InvoiceGenerator } from './invoice-generator';

const PLAN = 7;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface RunRow {
  owner: string;
  after_company_id: number;
  issued: number;
  takeovers: number;
  finished: boolean;
}

/**
 * What keeps the generation runs whole over time: a claim never stands without the look that takes it
 * over, the hourly run takes over an earlier slot's run nobody holds, and finished runs are pruned.
 */
describe('invoice generation runs upkeep', () => {
  let t: ServiceTestApp;
  let now = new Date('2026-06-01T12:00:00Z');
  const generator = () => t.app.get(InvoiceGenerator);
  const runAt = async (slot: Date): Promise<RunRow | undefined> =>
    (
      await t.dataSource.query(
        `SELECT owner, after_company_id, issued, takeovers, finished_at IS NOT NULL AS finished FROM billing.generation_runs WHERE slot = $1`,
        [slot],
      )
    )[0];
  const pendingWatch = async (slot: Date): Promise<number> =>
    (
      await t.dataSource.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND singleton_key = $2 AND state = 'created'`, [
        INVOICE_GENERATION_QUEUE,
        `watch:${slot.toISOString()}`,
      ])
    )[0].n;

  beforeAll(async () => {
    t = await startBillingTestApp({ now: () => now, issueDaysAhead: 10, generateEverySeconds: 3_600 });
    await waitFor(
      async () =>
        (await t.dataSource.query(`SELECT 1 FROM pgboss.job WHERE name = $1 AND state = 'completed'`, [INVOICE_GENERATION_QUEUE])).length >
        0,
      { what: 'the first scheduled run', timeoutMs: 20_000 },
    );
    await announcePlan(t, planFixture(PLAN, 99.9));
  }, 60_000);

  afterAll(async () => {
    jest.restoreAllMocks();
    await t?.close();
  });

  it('the claim of a run and the look that would take it over commit together: a failure between them leaves no run held', async () => {
    now = new Date('2026-06-02T12:00:00Z');
    const slot = generator().slotAt(now);
    const jobs = t.app.get<Jobs>(JOBS);
    const schedule = jobs.schedule.bind(jobs);
    // The process "dies" between the claim and the look's scheduling.
    const failing = jest.spyOn(jobs, 'schedule').mockImplementation(async (manager, queue, data, options) => {
      if (options?.singletonKey === `watch:${slot.toISOString()}`) throw new Error('killed between the claim and the look');
      return schedule(manager, queue, data, options);
    });
    await expect(generator().generate(slot)).rejects.toThrow('killed between');
    expect(await runAt(slot)).toBeUndefined();
    expect(await pendingWatch(slot)).toBe(0);
    failing.mockRestore();

    // Nothing is left held: the next call claims the run at once, with its look beside it.
    expect(await generator().generate(slot)).toBe(0);
    expect(await runAt(slot)).toEqual(expect.objectContaining({ finished: true, takeovers: 0 }));
    expect(await pendingWatch(slot)).toBe(1);
  });

  it("the hourly run takes over an earlier slot's run whose owner died and whose look is gone, from where it stopped", async () => {
    now = new Date('2026-06-03T12:00:00Z');
    const due = '2026-06-08';
    await t.dataSource.query(
      `INSERT INTO billing.companies (id, name, plan_id, status, due_date, recurrence)
       SELECT id, 'Empresa ' || id, $1, true, $2, 'MENSAL' FROM generate_series(501, 520) AS id`,
      [PLAN, due],
    );
    // Two hours ago a replica claimed its slot's run, finished companies up to 510 (issuing nothing
    // for them here, so what the takeover issues is counted alone) and died; no look is pending.
    const dead = new Date(generator().slotAt(now).getTime() - 2 * HOUR);
    await t.dataSource.query(
      `INSERT INTO billing.generation_runs (slot, issue_until, owner, lease_until, after_company_id, issued)
       VALUES ($1, $2, 'killed-replica', now() - interval '1 second', 510, 0)`,
      [dead, due],
    );
    expect(await pendingWatch(dead)).toBe(0);

    expect(await generator().generateOnSchedule()).toBe(20);
    expect(await runAt(dead)).toEqual(expect.objectContaining({ after_company_id: 520, issued: 10, takeovers: 1, finished: true }));
    expect((await runAt(dead))!.owner).not.toBe('killed-replica');
    // The current slot's run issued the companies the dead run had passed; each company has one invoice.
    expect(await runAt(generator().slotAt(now))).toEqual(expect.objectContaining({ issued: 10, finished: true }));
    const issued: { invoices: number; companies: number }[] = await t.dataSource.query(
      `SELECT count(*)::int AS invoices, count(DISTINCT company_id)::int AS companies FROM billing.invoices WHERE company_id BETWEEN 501 AND 520`,
    );
    expect(issued[0]).toEqual({ invoices: 20, companies: 20 });
  });

  it(`the hourly run prunes finished runs older than ${GENERATION_RUNS_KEPT_DAYS} days, and keeps newer ones and unfinished ones`, async () => {
    now = new Date('2026-08-01T12:00:00Z');
    const current = generator().slotAt(now);
    const daysAgo = (days: number) => new Date(current.getTime() - days * DAY);
    await t.dataSource.query(
      `INSERT INTO billing.generation_runs (slot, issue_until, owner, lease_until, finished_at)
       VALUES ($1, '2026-07-01', 'old', now(), now()), ($2, '2026-07-01', 'recent', now(), now()),
              ($3, '2026-07-01', 'holding', now() + interval '1 hour', NULL)`,
      [daysAgo(GENERATION_RUNS_KEPT_DAYS + 1), daysAgo(GENERATION_RUNS_KEPT_DAYS - 1), daysAgo(GENERATION_RUNS_KEPT_DAYS + 5)],
    );
    await generator().generateOnSchedule();
    const owners: { owner: string }[] = await t.dataSource.query(
      `SELECT owner FROM billing.generation_runs WHERE slot < $1 ORDER BY slot`,
      [daysAgo(GENERATION_RUNS_KEPT_DAYS - 2)],
    );
    expect(owners.map((row) => row.owner)).toEqual(['holding', 'recent']);
    // Every finished run of June (older than the bound by August's clock) is gone.
    expect(
      (
        await t.dataSource.query(
          `SELECT count(*)::int AS n FROM billing.generation_runs WHERE finished_at IS NOT NULL AND slot < '2026-07-01'`,
        )
      )[0].n,
    ).toBe(0);
  });
});
