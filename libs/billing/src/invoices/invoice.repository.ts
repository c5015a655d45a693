import { type Invoice, INVOICES_PAGE_SIZE, type Recurrence, RECURRENCES } from '@app/contracts';
import { changedRows, likeContaining } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

import { INVOICE_COLUMNS } from '../common/invoice.sql';

export interface InvoiceRow {
  id: number;
  company_id: number;
  detail: string;
  value_cents: number;
  /** YYYY-MM-DD (selected with to_char: a date column would come back as a JavaScript Date at local midnight). */
  due_date: string;
  recurrence: string;
  status: 'open' | 'paid';
  paid_at: Date | null;
  created_at: Date;
}

/** What issuing a period's invoice writes. */
export interface NewInvoice {
  companyId: number;
  /** The plan the period is charged for (the revenue view groups by it); null when not known. */
  planId?: number | null;
  detail: string;
  valueCents: number;
  dueDate: string;
  recurrence: Recurrence;
}

const recurrenceOf = (value: string): Recurrence => ((RECURRENCES as readonly string[]).includes(value) ? (value as Recurrence) : 'MENSAL');

export const mapInvoice = (row: InvoiceRow): Invoice => ({
  id: row.id,
  companyId: row.company_id,
  detail: row.detail,
  value: row.value_cents,
  dueDate: row.due_date,
  recurrence: recurrenceOf(row.recurrence),
  status: row.status,
  paidAt: row.paid_at ? new Date(row.paid_at).toISOString() : null,
  createdAt: new Date(row.created_at).toISOString(),
});

/** The companies' invoices. */
@Injectable()
export class InvoiceRepository {
  constructor(@InjectDataSource('billing') private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** One page of the company's invoices, latest due date first, searched in the detail (case-insensitive), with the total found. */
  async page(companyId: number, searchParam: string, pageNumber: number): Promise<{ rows: InvoiceRow[]; count: number }> {
    const like = likeContaining(searchParam.toLowerCase());
    const [rows, counted]: [InvoiceRow[], { count: number }[]] = await Promise.all([
      this.dataSource.query(
        `SELECT ${INVOICE_COLUMNS} FROM billing.invoices WHERE company_id = $1 AND ($2 = '%%' OR lower(detail) LIKE $2)
         ORDER BY due_date DESC, id DESC LIMIT $3 OFFSET $4`,
        [companyId, like, INVOICES_PAGE_SIZE, (pageNumber - 1) * INVOICES_PAGE_SIZE],
      ),
      this.dataSource.query(
        `SELECT count(*)::int AS count FROM billing.invoices WHERE company_id = $1 AND ($2 = '%%' OR lower(detail) LIKE $2)`,
        [companyId, like],
      ),
    ]);
    return { rows, count: counted[0]!.count };
  }

  async find(companyId: number, id: number): Promise<InvoiceRow | null> {
    const rows: InvoiceRow[] = await this.dataSource.query(
      `SELECT ${INVOICE_COLUMNS} FROM billing.invoices WHERE id = $1 AND company_id = $2`,
      [id, companyId],
    );
    return rows[0] ?? null;
  }

  /** Marks the invoice paid; null when there is no such invoice or it was paid already (a confirmation applies once). */
  async markPaid(manager: EntityManager, id: number, at: Date): Promise<InvoiceRow | null> {
    const rows = changedRows<InvoiceRow>(
      await manager.query(
        `UPDATE billing.invoices SET status = 'paid', paid_at = $2 WHERE id = $1 AND status = 'open' RETURNING ${INVOICE_COLUMNS}`,
        [id, at],
      ),
    );
    return rows[0] ?? null;
  }

  /** The company's unpaid invoices, oldest due date first. */
  async openOf(companyId: number): Promise<InvoiceRow[]> {
    return this.dataSource.query(
      `SELECT ${INVOICE_COLUMNS} FROM billing.invoices WHERE company_id = $1 AND status = 'open' ORDER BY due_date, id LIMIT 50`,
      [companyId],
    );
  }

  /** The company's invoice of the period ending on `dueDate` (YYYY-MM-DD), paid or not. */
  async ofPeriod(manager: EntityManager, companyId: number, dueDate: string): Promise<InvoiceRow | null> {
    const rows: InvoiceRow[] = await manager.query(
      `SELECT ${INVOICE_COLUMNS} FROM billing.invoices WHERE company_id = $1 AND due_date = $2`,
      [companyId, dueDate],
    );
    return rows[0] ?? null;
  }

  /** Any company's invoice, for the platform's operator. */
  async findAny(id: number): Promise<InvoiceRow | null> {
    const rows: InvoiceRow[] = await this.dataSource.query(`SELECT ${INVOICE_COLUMNS} FROM billing.invoices WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  /**
   * The periods' invoices in one statement, except those whose company has one for that due date
   * already (the unique key: two runs, two replicas, or a run again after a crash issue each once);
   * returns the ones issued now.
   */
  async issueAll(manager: EntityManager, invoices: NewInvoice[]): Promise<InvoiceRow[]> {
    if (invoices.length === 0) return [];
    return manager.query(
      `INSERT INTO billing.invoices (company_id, detail, value_cents, due_date, recurrence, plan_id)
       SELECT * FROM unnest($1::int[], $2::text[], $3::int[], $4::date[], $5::text[], $6::int[])
       ON CONFLICT ON CONSTRAINT invoices_period_key DO NOTHING
       RETURNING ${INVOICE_COLUMNS}`,
      [
        invoices.map((invoice) => invoice.companyId),
        invoices.map((invoice) => invoice.detail),
        invoices.map((invoice) => invoice.valueCents),
        invoices.map((invoice) => invoice.dueDate),
        invoices.map((invoice) => invoice.recurrence),
        invoices.map((invoice) => invoice.planId ?? null),
      ],
    );
  }
}
