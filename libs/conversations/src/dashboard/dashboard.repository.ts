import type { TicketStatus } from '@app/contracts';
import { prepared } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** Which rollup rows and live tickets a dashboard reads: the company's, narrowed to a queue (0: none) and a user. */
export interface DashboardScope {
  companyId: number;
  queueId: number | null;
  userId: number | null;
}

/** Sums of the rollup over a range for one user and queue (0: none), with their names when they still exist. */
export interface StatsCell {
  userId: number;
  queueId: number;
  userName: string | null;
  queueName: string | null;
  created: number;
  resolved: number;
  /** The first-response durations in whole seconds, in no order. */
  responseSecs: Int32Array;
  /** The resolution durations in whole seconds, in no order. */
  resolutionSecs: Int32Array;
  ratingHist: number[];
}

const sums = (column: string, size: number) =>
  `ARRAY[${Array.from({ length: size }, (_, i) => `sum(${column}[${i + 1}])`).join(', ')}]::int[]`;

/** A column's packed durations (bytea, 4 bytes each), the rows' one after the other. */
const durations = (column: string) => `string_agg(${column}, ''::bytea) FILTER (WHERE length(${column}) > 0)`;

/** Packed durations (4-byte big-endian ints, one after the other) as numbers. */
export function packedSecondsOf(bytes: Buffer | null): Int32Array {
  if (!bytes) return new Int32Array(0);
  const values = new Int32Array(bytes.length >> 2);
  for (let i = 0; i < values.length; i += 1) values[i] = bytes.readInt32BE(i << 2);
  return values;
}

/**
 * The range's sums per user and queue in one pass over its rollup rows, with the durations of their
 * first responses and resolutions (exact, in whole seconds, packed) for the service's percentiles. The totals, per-user and per-queue figures add up
 * these few cells in the service: grouping sets here cost twice as much as the pass itself, and
 * percentile_cont over the unnested durations thirty times as much.
 */
const FIGURES_SQL = `SELECT f.*, u.name AS user_name, q.name AS queue_name FROM (
  SELECT user_id, queue_id, sum(created)::int AS created, sum(resolved)::int AS resolved,
         ${durations('response_secs')} AS response_secs,
         ${durations('resolution_secs')} AS resolution_secs,
         ${sums('rating_hist', 5)} AS rating_hist
    FROM conversations.ticket_stats_daily
   WHERE company_id = $1 AND day BETWEEN $2::date AND $3::date
     AND ($4::int IS NULL OR queue_id = $4) AND ($5::int IS NULL OR user_id = $5)
   GROUP BY user_id, queue_id
) f
LEFT JOIN conversations.users u ON u.id = f.user_id AND u.company_id = $1
LEFT JOIN conversations.queues q ON q.id = f.queue_id AND q.company_id = $1`;

@Injectable()
export class DashboardRepository {
  constructor(@InjectDataSource('conversations') private readonly dataSource: DataSource) {}

  /** Tickets not closed now, by queue and status (the partial index tickets_live_count_idx answers it). */
  async live(scope: DashboardScope): Promise<{ queueId: number | null; status: TicketStatus; count: number }[]> {
    const rows: { queue_id: number | null; status: TicketStatus; count: number }[] = await this.dataSource.query(
      prepared(`SELECT queue_id, status, count(*)::int AS count FROM conversations.tickets
        WHERE company_id = $1 AND status <> 'closed'
          AND ($2::int IS NULL OR queue_id = $2 OR ($2 = 0 AND queue_id IS NULL)) AND ($3::int IS NULL OR user_id = $3)
        GROUP BY queue_id, status ORDER BY queue_id NULLS FIRST, status`),
      [scope.companyId, scope.queueId, scope.userId],
    );
    return rows.map((row) => ({ queueId: row.queue_id, status: row.status, count: row.count }));
  }

  /** Per business day from `from` to the newest row: tickets that came (new or reopened) and went (closed). */
  async days(scope: DashboardScope, from: string): Promise<{ day: string; created: number; reopened: number; resolved: number }[]> {
    const rows: { day: string; created: number; reopened: number; resolved: number }[] = await this.dataSource.query(
      prepared(`SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(created)::int AS created, sum(reopened)::int AS reopened, sum(resolved)::int AS resolved
        FROM conversations.ticket_stats_daily
       WHERE company_id = $1 AND day >= $2::date AND ($3::int IS NULL OR queue_id = $3) AND ($4::int IS NULL OR user_id = $4)
       GROUP BY day ORDER BY day`),
      [scope.companyId, from, scope.queueId, scope.userId],
    );
    return rows;
  }

  async figures(scope: DashboardScope, from: string, to: string): Promise<StatsCell[]> {
    // Planned each call, not prepared: a generic plan cannot see how many rows the range holds and
    // walks the primary key alone (35 ms at a year of 1M tickets, against 20 planned with the range).
    const rows: {
      user_id: number;
      queue_id: number;
      user_name: string | null;
      queue_name: string | null;
      created: number;
      resolved: number;
      response_secs: Buffer | null;
      resolution_secs: Buffer | null;
      rating_hist: number[];
    }[] = await this.dataSource.query(FIGURES_SQL, [scope.companyId, from, to, scope.queueId, scope.userId]);
    return rows.map((row) => ({
      userId: row.user_id,
      queueId: row.queue_id,
      userName: row.user_name,
      queueName: row.queue_name,
      created: row.created,
      resolved: row.resolved,
      responseSecs: packedSecondsOf(row.response_secs),
      resolutionSecs: packedSecondsOf(row.resolution_secs),
      ratingHist: row.rating_hist,
    }));
  }
}
