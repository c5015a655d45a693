import { DEFAULT_COMPANY_TIME_ZONE, type RevenueFigures, type RevenueResponse } from '@app/contracts';
import { Inject, Injectable } from '@nestjs/common';

import { BILLING_OPTIONS, type BillingOptions } from '../common/billing-options';
import { calendarDay } from '../invoices/invoice-generator';
import { mapFigures, RevenueRepository } from './revenue.repository';

const NONE: RevenueFigures = { paidCount: 0, paidCents: 0, openCount: 0, openCents: 0, overdueCount: 0, overdueCents: 0 };

/** The month `offset` months from a YYYY-MM month. */
export function shiftMonth(month: string, offset: number): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  const shifted = new Date(Date.UTC(year, index - 1 + offset, 1));
  return shifted.toISOString().slice(0, 7);
}

const sum = (all: RevenueFigures[]): RevenueFigures =>
  all.reduce(
    (total, figures) => ({
      paidCount: total.paidCount + figures.paidCount,
      paidCents: total.paidCents + figures.paidCents,
      openCount: total.openCount + figures.openCount,
      openCents: total.openCents + figures.openCents,
      overdueCount: total.overdueCount + figures.overdueCount,
      overdueCents: total.overdueCents + figures.overdueCents,
    }),
    NONE,
  );

/** The operator's revenue view: the last months' invoices received, open and overdue, by month and by plan (super users; the roles guard checks). */
@Injectable()
export class RevenueService {
  private readonly now: () => Date;

  constructor(
    private readonly revenue: RevenueRepository,
    @Inject(BILLING_OPTIONS) options: BillingOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  async summary(months: number): Promise<RevenueResponse> {
    const today = calendarDay(this.now(), DEFAULT_COMPANY_TIME_ZONE);
    const to = today.slice(0, 7);
    const from = shiftMonth(to, 1 - months);
    const fromDay = `${from}-01`;
    const untilDay = `${shiftMonth(to, 1)}-01`;
    const [byMonth, byPlan] = await Promise.all([
      this.revenue.byMonth(fromDay, untilDay, today),
      this.revenue.byPlan(fromDay, untilDay, today),
    ]);
    const found = new Map(byMonth.map((row) => [row.month, mapFigures(row)]));
    const monthly = Array.from({ length: months }, (_, index) => {
      const month = shiftMonth(from, index);
      return { month, ...(found.get(month) ?? NONE) };
    });
    return {
      from,
      to,
      months: monthly,
      plans: byPlan.map((row) => ({
        planId: row.plan_id,
        planName: row.plan_name ?? (row.plan_id === null ? '—' : `Plano ${row.plan_id}`),
        ...mapFigures(row),
      })),
      totals: sum(monthly),
    };
  }
}
