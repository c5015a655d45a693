import type { RevenueFigures } from '@app/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

interface FiguresRow {
  paid_count: number;
  paid_cents: string;
  open_count: number;
  open_cents: string;
  overdue_count: number;
  overdue_cents: string;
}
export interface MonthRow extends FiguresRow {
  month: string;
}
export interface PlanRow extends FiguresRow {
  plan_id: number | null;
  plan_name: string | null;
}

export const mapFigures = (row: FiguresRow): RevenueFigures => ({
  paidCount: row.paid_count,
  paidCents: Number(row.paid_cents),
  openCount: row.open_count,
  openCents: Number(row.open_cents),
  overdueCount: row.overdue_count,
  overdueCents: Number(row.overdue_cents),
});

/** Open invoices due before $3 (today) are overdue; sums are bigint, read as text and made numbers by mapFigures. */
const FIGURES = `
  count(*) FILTER (WHERE i.status = 'paid')::int AS paid_count,
  coalesce(sum(i.value_cents) FILTER (WHERE i.status = 'paid'), 0)::bigint AS paid_cents,
  count(*) FILTER (WHERE i.status = 'open' AND i.due_date >= $3)::int AS open_count,
  coalesce(sum(i.value_cents) FILTER (WHERE i.status = 'open' AND i.due_date >= $3), 0)::bigint AS open_cents,
  count(*) FILTER (WHERE i.status = 'open' AND i.due_date < $3)::int AS overdue_count,
  coalesce(sum(i.value_cents) FILTER (WHERE i.status = 'open' AND i.due_date < $3), 0)::bigint AS overdue_cents`;

/** Every company's invoices summed for the platform's operator: by the month of their due date, and by plan. */
@Injectable()
export class RevenueRepository {
  constructor(@InjectDataSource('billing') private readonly dataSource: DataSource) {}

  /** Invoices due from `from` (inclusive) to `until` (exclusive), YYYY-MM-DD, per month that has any. */
  async byMonth(from: string, until: string, today: string): Promise<MonthRow[]> {
    return this.dataSource.query(
      `SELECT to_char(date_trunc('month', i.due_date), 'YYYY-MM') AS month, ${FIGURES}
       FROM billing.invoices i WHERE i.due_date >= $1 AND i.due_date < $2
       GROUP BY 1 ORDER BY 1`,
      [from, until, today],
    );
  }

  /** The same invoices per plan, with the plan's name as billing knows it now. */
  async byPlan(from: string, until: string, today: string): Promise<PlanRow[]> {
    return this.dataSource.query(
      `SELECT i.plan_id, p.name AS plan_name, ${FIGURES}
       FROM billing.invoices i LEFT JOIN billing.plans p ON p.id = i.plan_id
       WHERE i.due_date >= $1 AND i.due_date < $2
       GROUP BY i.plan_id, p.name ORDER BY paid_cents DESC, i.plan_id NULLS LAST`,
      [from, until, today],
    );
  }
}
