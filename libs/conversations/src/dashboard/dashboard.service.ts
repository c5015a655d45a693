import type { DashboardFigures, DashboardQuery, DashboardResponse, DurationStats, RatingStats } from '@app/contracts';
import type { Tenancy } from '@app/platform';
import { Injectable } from '@nestjs/common';

import { DashboardRepository, type StatsCell } from './dashboard.repository';

/**
 * The p-th percentile (0..1) of sorted values, interpolated between the two nearest ranks as
 * PostgreSQL's percentile_cont does, rounded to the second; null when there are none.
 */
export function percentileOf(sorted: Int32Array, p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = p * (sorted.length - 1);
  const below = Math.floor(rank);
  const above = Math.min(below + 1, sorted.length - 1);
  return Math.round(sorted[below]! + (sorted[above]! - sorted[below]!) * (rank - below));
}

/** The count, median and 90th percentile of some durations, exact to the second. */
export function durationStats(parts: readonly Int32Array[]): DurationStats {
  const all = new Int32Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  all.sort();
  return { count: all.length, p50: percentileOf(all, 0.5), p90: percentileOf(all, 0.9) };
}

/** CSAT from the count of each score 1..5: average and the share that gave 4 or 5. */
export function ratingStats(distribution: number[]): RatingStats {
  const count = distribution.reduce((sum, n) => sum + n, 0);
  const points = distribution.reduce((sum, n, index) => sum + n * (index + 1), 0);
  return {
    count,
    average: count ? Math.round((points / count) * 100) / 100 : null,
    distribution,
    satisfied: count ? Math.round(((distribution[3]! + distribution[4]!) / count) * 1000) / 1000 : null,
  };
}

const addInto = (into: number[], from: number[]) => from.forEach((n, index) => (into[index] = (into[index] ?? 0) + n));

/** The figures of some cells added up. */
export function figuresOf(cells: readonly StatsCell[]): DashboardFigures {
  const ratings = [0, 0, 0, 0, 0];
  for (const cell of cells) addInto(ratings, cell.ratingHist);
  return {
    created: cells.reduce((sum, cell) => sum + cell.created, 0),
    resolved: cells.reduce((sum, cell) => sum + cell.resolved, 0),
    firstResponse: durationStats(cells.map((cell) => cell.responseSecs)),
    resolution: durationStats(cells.map((cell) => cell.resolutionSecs)),
    rating: ratingStats(ratings),
  };
}

/** Cells grouped by a key, in first-seen order. */
function groupBy<K>(cells: readonly StatsCell[], key: (cell: StatsCell) => K): [K, StatsCell[]][] {
  const groups = new Map<K, StatsCell[]>();
  for (const cell of cells) groups.set(key(cell), [...(groups.get(key(cell)) ?? []), cell]);
  return [...groups.entries()];
}

/** The days from `from` to `to`, both included (YYYY-MM-DD). */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += 86_400_000) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
}

/**
 * The admin dashboard (decision 0031): read from the rollup kept as tickets change and from the
 * live tickets' index, never from the messages. Admins only (the controller's role check); every
 * statement is scoped to the caller's company.
 */
@Injectable()
export class DashboardService {
  constructor(private readonly dashboard: DashboardRepository) {}

  async get(tenancy: Tenancy, query: DashboardQuery): Promise<DashboardResponse> {
    const scope = { companyId: tenancy.companyId, queueId: query.queueId ?? null, userId: query.userId ?? null };
    const [live, flows, cells] = await Promise.all([
      this.dashboard.live(scope),
      this.dashboard.days(scope, query.dateFrom),
      this.dashboard.figures(scope, query.dateFrom, query.dateTo),
    ]);

    // Pending at the end of a day: the live tickets now, less what came and went after that day.
    const byDay = new Map(flows.map((flow) => [flow.day, flow]));
    let backlog = live.reduce((sum, row) => sum + row.count, 0);
    const days: DashboardResponse['days'] = [];
    const later = flows.filter((flow) => flow.day > query.dateTo);
    for (const flow of later) backlog -= flow.created + flow.reopened - flow.resolved;
    for (const day of daysBetween(query.dateFrom, query.dateTo).reverse()) {
      const flow = byDay.get(day);
      days.push({ day, created: flow?.created ?? 0, resolved: flow?.resolved ?? 0, backlog: Math.max(0, backlog) });
      if (flow) backlog -= flow.created + flow.reopened - flow.resolved;
    }
    days.reverse();

    return {
      dateFrom: query.dateFrom,
      dateTo: query.dateTo,
      live,
      days,
      totals: figuresOf(cells),
      byUser: groupBy(
        cells.filter((cell) => cell.userId !== 0),
        (cell) => cell.userId,
      )
        .map(([userId, mine]) => ({ ...figuresOf(mine), userId, name: mine[0]!.userName ?? `#${userId}` }))
        .sort((a, b) => a.name.localeCompare(b.name)),
      byQueue: groupBy(cells, (cell) => cell.queueId)
        .map(([queueId, theirs]) => ({
          ...figuresOf(theirs),
          queueId: queueId === 0 ? null : queueId,
          name: queueId === 0 ? '' : (theirs[0]!.queueName ?? `#${queueId}`),
        }))
        .sort((a, b) => (a.queueId === null ? -1 : b.queueId === null ? 1 : a.name.localeCompare(b.name))),
    };
  }
}
