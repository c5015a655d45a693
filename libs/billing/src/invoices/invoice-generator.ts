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
import { type BillableCompanyRow, CompanyRepository } from '../companies/company.repository';
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

/** The invoice of the company's current period: its plan's monthly value times the months its recurrence covers. */
export function periodInvoice(company: BillableCompanyRow): NewInvoice | null {
  if (company.due_date === null || company.value_cents === null || !isRecurrence(company.recurrence)) return null;
  return {
    companyId: company.id,
    planId: company.plan_id,
    detail: `${company.plan_name ?? `Plano ${company.plan_id}`} (${RECURRENCE_LABELS[company.recurrence]})`,
    valueCents: periodValueCents(company.value_cents, company.recurrence),
    dueDate: company.due_date,
    recurrence: company.recurrence,
  };
}

/**
 * Issues each company's invoice for its current period (the one ending on its due date) once the due
 * date is `issueDaysAhead` days away or closer, on a pg-boss job that comes back every
 * `generateEverySeconds` (queue unique by key: one pending run however many replicas start it). A
 * run goes through the companies in batches, each one statement whose unique key (company, due date)
 * makes a second run, a second replica or a run again after a crash issue nothing twice. A payment
 * moves the company's due date on (identity), which opens the next period.
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
    await this.jobs.work<object>(INVOICE_GENERATION_QUEUE, async () => {
      await this.generate();
      await this.jobs!.schedule(null, INVOICE_GENERATION_QUEUE, {}, { singletonKey: 'generate', startAfter: this.everySeconds });
    });
    await this.jobs.schedule(null, INVOICE_GENERATION_QUEUE, {}, { singletonKey: 'generate' });
  }

  /** Issues the invoices due by now; returns how many this run issued. */
  async generate(): Promise<number> {
    const until = addDays(calendarDay(this.now(), DEFAULT_COMPANY_TIME_ZONE), this.daysAhead);
    let issued = 0;
    let afterId = 0;
    for (;;) {
      const batch = await this.invoices.transaction(async (manager) => {
        const companies = await this.companies.dueBy(manager, until, afterId, BATCH);
        return { companies, issued: (await this.issueIn(manager, companies)).length };
      });
      issued += batch.issued;
      if (batch.companies.length < BATCH) break;
      afterId = batch.companies[batch.companies.length - 1]!.id;
    }
    if (issued > 0) this.logger.log(`issued ${issued} invoices due by ${until}`);
    return issued;
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
