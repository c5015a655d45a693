import { changedRows } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

/** A run its caller holds now: where it goes on from. */
export interface ClaimedRun {
  /** YYYY-MM-DD: the run issues the invoices of due dates up to this day (fixed when the run began). */
  issueUntil: string;
  /** The companies up to this id are done (0: none yet). */
  afterCompanyId: number;
  /** Taken over from an owner whose lease ran out. */
  takenOver: boolean;
}

/** A run the caller could not take: finished, or held by an owner whose lease has `secondsLeft`. */
export type HeldRun = { finished: true } | { finished: false; secondsLeft: number };

/**
 * billing.generation_runs: one run of invoice generation per slot of the schedule, held by one owner at
 * a time under a lease. Leases are read against the database's clock, so replicas' clocks need not agree.
 */
@Injectable()
export class GenerationRunRepository {
  constructor(@InjectDataSource('billing') private readonly dataSource: DataSource) {}

  /**
   * Takes the slot's run for `owner` when it has none yet (issuing up to `issueUntil`) or its owner's
   * lease ran out and it is not finished (taken over where its owner stopped); null otherwise. One
   * statement: two replicas asking at once, one gets it. (A row the statement updated rather than
   * inserted has a non-zero xmax: that is a takeover.) In the caller's transaction, which schedules
   * the look that takes the run over should its new owner die: both commit, or neither.
   */
  async claim(manager: EntityManager, slot: Date, issueUntil: string, owner: string, leaseSeconds: number): Promise<ClaimedRun | null> {
    const rows: { issue_until: string; after_company_id: number; taken_over: boolean }[] = await manager.query(
      `INSERT INTO billing.generation_runs AS r (slot, issue_until, owner, lease_until)
       VALUES ($1, $2, $3, now() + make_interval(secs => $4))
       ON CONFLICT (slot) DO UPDATE SET owner = EXCLUDED.owner, lease_until = EXCLUDED.lease_until, takeovers = r.takeovers + 1
        WHERE r.finished_at IS NULL AND r.lease_until < now()
       RETURNING to_char(issue_until, 'YYYY-MM-DD') AS issue_until, after_company_id, xmax <> 0 AS taken_over`,
      [slot, issueUntil, owner, leaseSeconds],
    );
    const row = rows[0];
    return row ? { issueUntil: row.issue_until, afterCompanyId: row.after_company_id, takenOver: row.taken_over } : null;
  }

  /** Runs `work` in one transaction of billing's database. */
  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /**
   * Slots before `before` whose run is unfinished and whose owner's lease ran out (at most `limit`,
   * oldest first): runs nobody holds, for the schedule to take over should their own look be lost.
   */
  async abandoned(before: Date, limit: number): Promise<Date[]> {
    const rows: { slot: Date }[] = await this.dataSource.query(
      `SELECT slot FROM billing.generation_runs WHERE finished_at IS NULL AND lease_until < now() AND slot < $1 ORDER BY slot LIMIT $2`,
      [before, limit],
    );
    return rows.map((row) => new Date(row.slot));
  }

  /** Forgets the finished runs of slots before `before`; returns how many. */
  async prune(before: Date): Promise<number> {
    const rows: unknown = await this.dataSource.query(
      `DELETE FROM billing.generation_runs WHERE finished_at IS NOT NULL AND slot < $1 RETURNING 1`,
      [before],
    );
    return changedRows(rows).length;
  }

  /** The slot's run as another owner holds it (null when there is none). */
  async held(slot: Date): Promise<HeldRun | null> {
    const rows: { finished: boolean; seconds_left: number }[] = await this.dataSource.query(
      `SELECT finished_at IS NOT NULL AS finished, greatest(0, extract(epoch FROM lease_until - now()))::float8 AS seconds_left
       FROM billing.generation_runs WHERE slot = $1`,
      [slot],
    );
    const row = rows[0];
    if (!row) return null;
    return row.finished ? { finished: true } : { finished: false, secondsLeft: row.seconds_left };
  }

  /**
   * In a batch's transaction: the run's owner finished the companies up to `afterCompanyId`, issuing
   * `issued` more; the lease is renewed, or the run finished. False when `owner` holds the run no more
   * (its lease ran out and another replica took it): the caller rolls its batch back and stops.
   */
  async advance(
    manager: EntityManager,
    slot: Date,
    owner: string,
    progress: { afterCompanyId: number; issued: number; finished: boolean },
    leaseSeconds: number,
  ): Promise<boolean> {
    const rows: unknown = await manager.query(
      `UPDATE billing.generation_runs
          SET after_company_id = $3, issued = issued + $4, lease_until = now() + make_interval(secs => $6),
              finished_at = CASE WHEN $5 THEN now() END
        WHERE slot = $1 AND owner = $2 AND finished_at IS NULL
       RETURNING 1`,
      [slot, owner, progress.afterCompanyId, progress.issued, progress.finished, leaseSeconds],
    );
    return changedRows(rows).length > 0;
  }
}
