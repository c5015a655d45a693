import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';

import {
  DEFAULT_COMPANY_TIME_ZONE,
  type EventDefinition,
  invoiceCreated,
  periodValueCents,
  type Recurrence,
  RECURRENCE_LABELS,
  RECURRENCES,
} from '@app/contracts';
import { JOBS, type Jobs, OutboxWriter } from '@app/platform';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { BILLING_OPTIONS, type BillingOptions } from '../common/billing-options';
import { type BillableCompanyRow, CompanyRepository } from '../common/company.repository';
import { GenerationRunRepository } from './generation-run.repository';
import { InvoiceRepository, type InvoiceRow, mapInvoice, type NewInvoice } from './invoice.repository';

export const INVOICE_GENERATION_QUEUE = 'billing-invoice-generation';
const DEFAULT_ISSUE_DAYS_AHEAD = 10;
const DEFAULT_EVERY_SECONDS = 3_600;
const BATCH = 500;

/** The calendar day (YYYY-MM-DD) it is at `at` in the zone. */
export function calendarDay(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** The day `days` after a YYYY-MM-DD day. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

const isRecurrence = (value: string): value is Recurrence => (RECURRENCES as readonly string[]).includes(value);

/**
 * The invoice of the company's current period: its plan's monthly value times the months its
 * recurrence covers. None for a free plan (value 0): there is nothing to pay (decision 0055).
 */
export function periodInvoice(company: BillableCompanyRow): NewInvoice | null {
  if (company.due_date === null || company.value_cents === null || company.value_cents <= 0 || !isRecurrence(company.recurrence))
    return null;
  return {
    companyId: company.id,
    planId: company.plan_id,
    detail: `${company.plan_name ?? `Plano ${company.plan_id}`} (${RECURRENCE_LABELS[company.recurrence]})`,
    valueCents: periodValueCents(company.value_cents, company.recurrence),
    dueDate: company.due_date,
    recurrence: company.recurrence,
  };
}

/** A run's lease: another replica takes the run over once its owner has not renewed it for this long. */
export const GENERATION_LEASE_SECONDS = 30;

/** Finished runs are kept this long (for a look at what each slot did), then pruned by the hourly run. */
export const GENERATION_RUNS_KEPT_DAYS = 30;

/** Abandoned runs of earlier slots the hourly run takes over at most, oldest first (the rest the next hour). */
const ABANDONED_PER_RUN = 5;

/** The data of a generation job: none for the schedule's run, the slot for a look at one run's lease. */
interface GenerationJob {
  /** ISO time of the slot whose run this job watches (a replica takes it over once its lease runs out). */
  slot?: string;
}

/** The owner's lease ran out and another replica took the run: the batch is rolled back. */
class LeaseLost extends Error {}

/**
 * Issues each company's invoice for its current period (the one ending on its due date) once the due
 * date is `issueDaysAhead` days away or closer, on a pg-boss job that comes back each slot of
 * `generateEverySeconds` (an hour; queue unique by key: one pending job however many replicas start it).
 *
 * Each slot has one run (billing.generation_runs), held by one process under a lease it renews with
 * each batch of companies: a second replica, a second call or a restart in the same slot finds it
 * held or finished and does nothing. A run whose owner died (kill -9, a lost host) is taken over once
 * its lease is `GENERATION_LEASE_SECONDS` old, by whichever replica's look at it comes first (the owner
 * schedules that look when it takes the run; a look that finds the lease alive schedules the next for
 * when it runs out; the owner's look is scheduled in the transaction that claims the run, so a claim
 * never stands without it, and the hourly run also takes over any earlier slot's run left unfinished
 * with its lease out), and goes on after the last company its owner finished. Each batch is one
 * transaction whose statement issues the invoices under the unique key (company, due date), so
 * nothing is issued twice even by an owner that lost its lease mid-batch (its batch rolls back). A
 * payment moves the company's due date on (identity), which opens the next period.
 *
 * A company's own announcement (created, or its plan, status or due date changed) issues its period's
 * invoice at once by the same rule (`issueForCompany`, decision 0055), in the transaction that records
 * the announcement, and a plan's announcement those of its companies (`issueForPlan`): the hourly run
 * then finds them issued. The hourly run also prunes finished runs older than `GENERATION_RUNS_KEPT_DAYS`.
 */
@Injectable()
export class InvoiceGenerator implements OnModuleInit {
  private readonly logger = new Logger(InvoiceGenerator.name);
  private readonly now: () => Date;
  private readonly daysAhead: number;
  private readonly everySeconds: number;

  constructor(
    @Inject(JOBS) private readonly jobs: Jobs | null,
    private readonly companies: CompanyRepository,
    private readonly invoices: InvoiceRepository,
    private readonly runs: GenerationRunRepository,
    private readonly outbox: OutboxWriter,
    @Inject(BILLING_OPTIONS) options: BillingOptions,
  ) {
    this.now = options.now ?? (() => new Date());
    this.daysAhead = options.issueDaysAhead ?? DEFAULT_ISSUE_DAYS_AHEAD;
    this.everySeconds = options.generateEverySeconds ?? DEFAULT_EVERY_SECONDS;
  }

  async onModuleInit(): Promise<void> {
    if (!this.jobs) return;
    await this.jobs.declareQueue(INVOICE_GENERATION_QUEUE, { uniqueByKey: true });
    await this.jobs.work<GenerationJob>(INVOICE_GENERATION_QUEUE, async (job) => {
      if (job.data.slot) {
        await this.generate(new Date(job.data.slot));
        return;
      }
      // The next slot's run is scheduled first, so the schedule goes on even if this process dies in this one.
      await this.jobs!.schedule(null, INVOICE_GENERATION_QUEUE, {}, { singletonKey: 'generate', startAfter: this.secondsToNextSlot() });
      await this.generateOnSchedule();
    });
    await this.jobs.schedule(null, INVOICE_GENERATION_QUEUE, {}, { singletonKey: 'generate' });
  }

  /** The slot `at` falls in: its start. */
  slotAt(at: Date): Date {
    const everyMs = this.everySeconds * 1000;
    return new Date(Math.floor(at.getTime() / everyMs) * everyMs);
  }

  private secondsToNextSlot(): number {
    const now = this.now();
    return Math.max(1, Math.ceil((this.slotAt(now).getTime() + this.everySeconds * 1000 - now.getTime()) / 1000));
  }

  /**
   * The schedule's hourly work: takes over earlier slots' runs left unfinished with their lease out
   * (whose own look was lost), makes the current slot's run, and prunes the finished runs older than
   * `GENERATION_RUNS_KEPT_DAYS`. Returns how many invoices it issued.
   */
  async generateOnSchedule(): Promise<number> {
    const current = this.slotAt(this.now());
    let issued = 0;
    for (const slot of await this.runs.abandoned(current, ABANDONED_PER_RUN)) issued += await this.generate(slot);
    issued += await this.generate(current);
    const pruned = await this.runs.prune(new Date(current.getTime() - GENERATION_RUNS_KEPT_DAYS * 86_400_000));
    if (pruned > 0) this.logger.log(`pruned ${pruned} generation runs older than ${GENERATION_RUNS_KEPT_DAYS} days`);
    return issued;
  }

  /** YYYY-MM-DD: the last due date whose invoice is issued now (`issueDaysAhead` days from today in the company zone). */
  private issueUntil(): string {
    return addDays(calendarDay(this.now(), DEFAULT_COMPANY_TIME_ZONE), this.daysAhead);
  }

  /**
   * The slot's run (by default the current slot's), when it is not finished and nobody alive holds it:
   * issues the invoices due by then, going on where a dead owner stopped. Returns how many this call
   * issued (0 when the run was held or finished).
   */
  async generate(slot: Date = this.slotAt(this.now())): Promise<number> {
    const owner = `${hostname()}:${process.pid}:${randomUUID()}`;
    const until = this.issueUntil();
    // The claim and the look that takes the run over if this process dies in it commit together: a
    // run is never held by an owner nobody watches.
    const run = await this.runs.transaction(async (manager) => {
      const claimed = await this.runs.claim(manager, slot, until, owner, GENERATION_LEASE_SECONDS);
      if (claimed) await this.watch(manager, slot, GENERATION_LEASE_SECONDS);
      return claimed;
    });
    if (!run) {
      const held = await this.runs.held(slot);
      // Alive or not, its owner is watched: a look comes back when its lease runs out.
      if (held && !held.finished) await this.watch(null, slot, held.secondsLeft);
      return 0;
    }
    if (run.takenOver) this.logger.warn(`took over the run of ${slot.toISOString()} after company ${run.afterCompanyId}`);
    let issued = 0;
    let afterId = run.afterCompanyId;
    try {
      for (;;) {
        const batch = await this.invoices.transaction(async (manager) => {
          const companies = await this.companies.dueBy(manager, run.issueUntil, afterId, BATCH);
          const rows = await this.issueIn(manager, companies);
          const progress = {
            afterCompanyId: companies.at(-1)?.id ?? afterId,
            issued: rows.length,
            finished: companies.length < BATCH,
          };
          if (!(await this.runs.advance(manager, slot, owner, progress, GENERATION_LEASE_SECONDS))) throw new LeaseLost();
          return progress;
        });
        issued += batch.issued;
        afterId = batch.afterCompanyId;
        if (batch.finished) break;
      }
    } catch (error) {
      if (!(error instanceof LeaseLost)) throw error;
      this.logger.warn(`lost the run of ${slot.toISOString()} to another replica after company ${afterId}`);
    }
    if (issued > 0) this.logger.log(`issued ${issued} invoices due by ${run.issueUntil}`);
    return issued;
  }

  /** A look at the slot's run once `seconds` have passed (one pending per slot, whoever asks), in `manager`'s transaction if given. */
  private async watch(manager: EntityManager | null, slot: Date, seconds: number): Promise<void> {
    if (!this.jobs) return;
    const at = slot.toISOString();
    await this.jobs.schedule<GenerationJob>(
      manager,
      INVOICE_GENERATION_QUEUE,
      { slot: at },
      { singletonKey: `watch:${at}`, startAfter: Math.ceil(seconds) + 1 },
    );
  }

  /**
   * In the caller's transaction (the one recording the company's announcement): the company's current
   * period invoice when the hourly run's rule makes it due to issue now and it is not issued yet (the
   * invoices' unique key: a redelivered announcement or a run issuing it at the same time leaves one).
   * Returns the invoice issued now, if any.
   */
  async issueForCompany(manager: EntityManager, companyId: number): Promise<InvoiceRow | null> {
    const company = await this.companies.dueCompany(manager, this.issueUntil(), companyId);
    if (!company) return null;
    const [row] = await this.issueIn(manager, [company]);
    if (row) this.logger.log(`issued the invoice of company ${companyId} due ${row.due_date} on its announcement`);
    return row ?? null;
  }

  /**
   * In the caller's transaction (the one recording a plan's announcement): the invoices of the plan's
   * companies the hourly run's rule makes due now and that are not issued yet, e.g. a company billing
   * learnt of before its plan (identity's plan and company events are keyed apart, so they may arrive
   * in either order). Returns how many were issued now.
   */
  async issueForPlan(manager: EntityManager, planId: number): Promise<number> {
    const rows = await this.issueIn(manager, await this.companies.dueOnPlan(manager, this.issueUntil(), planId));
    if (rows.length > 0) this.logger.log(`issued ${rows.length} invoices of plan ${planId} on its announcement`);
    return rows.length;
  }

  /**
   * In the caller's transaction: the companies' current period invoices that are not issued yet,
   * announced as billing.invoice.created; returns those issued now.
   */
  async issueIn(manager: EntityManager, companies: BillableCompanyRow[]): Promise<InvoiceRow[]> {
    const rows = await this.invoices.issueAll(
      manager,
      companies.map(periodInvoice).filter((invoice): invoice is NewInvoice => invoice !== null),
    );
    if (rows.length > 0) {
      await this.outbox.addAll(
        manager,
        rows.map((row) => ({
          definition: invoiceCreated as EventDefinition,
          companyId: row.company_id,
          key: row.company_id,
          payload: { invoice: mapInvoice(row) },
        })),
      );
    }
    return rows;
  }
}
