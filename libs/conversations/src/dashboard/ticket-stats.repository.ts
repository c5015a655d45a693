import { COMPANY_TIME_ZONE_SETTING, DEFAULT_COMPANY_TIME_ZONE } from '@app/contracts';
import { prepared } from '@app/platform';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

const INTO = 'INSERT INTO conversations.ticket_stats_daily AS s';

/**
 * The company's time zone in SQL: its setting `timezone` as identity announced it, São Paulo until
 * then. `companyId` must be a qualified column (`r.company_id`): inside the subquery a bare
 * `company_id` would be the settings row's own.
 */
const companyZone = (companyId: string) =>
  `COALESCE((SELECT z.value FROM conversations.settings z WHERE z.company_id = ${companyId} AND z.key = '${COMPANY_TIME_ZONE_SETTING}'), '${DEFAULT_COMPANY_TIME_ZONE}')`;

/**
 * The business day of an instant in the company's zone (the rollup's `day`), fixed when the row is
 * counted: a later change of zone moves the days counted after it only (decision 0037).
 */
const statDay = (instant: string, companyId: string) => `(${instant} AT TIME ZONE ${companyZone(companyId)})::date`;

/** Whole seconds elapsed between two instants (a 45.9 s answer took 45 s), as the dashboard keeps each duration. */
const wholeSeconds = (from: string, to: string) => `floor(extract(epoch FROM ${to} - ${from}))::int`;

/**
 * Durations as the rollup keeps them (`*_secs`, bytea): each a 4-byte big-endian int (int4send), one
 * after the other in no order, so a range's are read by concatenating bytes, not by a call per value.
 */
const packedSeconds = (from: string, to: string) => `int4send(${wholeSeconds(from, to)})`;
/** Packed durations of a group (`seconds` an int expression). */
const packedSecondsAgg = (seconds: string) => `string_agg(int4send(${seconds}), ''::bytea)`;

const COUNTS = ['created', 'reopened', 'resolved', 'responses', 'ratings'];

/**
 * Adds an upsert's excluded row into the rollup row (`s`), for the columns it writes only: counts are
 * added, the durations (`*_secs`) appended (bytea), histograms (`*_hist`, the ratings) added bucket by bucket.
 * A new ticket adds to `created` without touching the arrays.
 */
function statsUpsert(...columns: string[]): string {
  const sets = columns.map((column) =>
    COUNTS.includes(column)
      ? `${column} = s.${column} + excluded.${column}`
      : column.endsWith('_secs')
        ? `${column} = s.${column} || excluded.${column}`
        : `${column} = conversations.hist_add(s.${column}, excluded.${column})`,
  );
  return `ON CONFLICT (company_id, day, queue_id, user_id) DO UPDATE SET ${sets.join(', ')}`;
}

/**
 * The ticket timestamps and the rollup derived from the tickets, their messages and ratings: the
 * benchmark's seed and the dashboard test's, run once on tickets that have no rollup yet (migration
 * 1732500001310 keeps its own copy, of the table as it was then). Each duration is kept in whole
 * seconds, per business day, queue and user.
 */
export const STATS_BACKFILL_SQL = [
  `UPDATE conversations.tickets SET human_ready_at = created_at WHERE human_ready_at IS NULL`,
  `UPDATE conversations.tickets SET resolved_at = updated_at WHERE status = 'closed' AND resolved_at IS NULL`,
  `CREATE TEMP TABLE stats_first_reply AS
     SELECT DISTINCT ON (m.ticket_id) m.ticket_id, m.created_at AS at, m.user_id
       FROM conversations.messages m WHERE m.from_me AND m.user_id IS NOT NULL ORDER BY m.ticket_id, m.created_at, m.id`,
  `UPDATE conversations.tickets t SET first_response_at = f.at FROM stats_first_reply f WHERE t.id = f.ticket_id AND t.first_response_at IS NULL`,
  `${INTO} (company_id, day, queue_id, user_id, created)
     SELECT company_id, ${statDay('created_at', 'tickets.company_id')}, COALESCE(queue_id, 0), 0, count(*) FROM conversations.tickets GROUP BY 1, 2, 3
     ${statsUpsert('created')}`,
  `${INTO} (company_id, day, queue_id, user_id, resolved, resolution_secs)
     SELECT company_id, ${statDay('resolved_at', 'tickets.company_id')}, COALESCE(queue_id, 0), COALESCE(user_id, 0),
            count(*), ${packedSecondsAgg(wholeSeconds('created_at', 'resolved_at'))}
       FROM conversations.tickets WHERE resolved_at IS NOT NULL GROUP BY 1, 2, 3, 4
     ${statsUpsert('resolved', 'resolution_secs')}`,
  `${INTO} (company_id, day, queue_id, user_id, responses, response_secs)
     SELECT t.company_id, ${statDay('f.at', 't.company_id')}, COALESCE(t.queue_id, 0), f.user_id,
            count(*), ${packedSecondsAgg(wholeSeconds('t.human_ready_at', 'f.at'))}
       FROM stats_first_reply f JOIN conversations.tickets t ON t.id = f.ticket_id GROUP BY 1, 2, 3, 4
     ${statsUpsert('responses', 'response_secs')}`,
  `${INTO} (company_id, day, queue_id, user_id, ratings, rating_hist)
     SELECT company_id, day, queue_id, user_id, sum(n), conversations.hist_sum(conversations.hist_at(rate, n::int, 5)) FROM (
       SELECT r.company_id, ${statDay('r.created_at', 'r.company_id')} AS day, COALESCE(t.queue_id, 0) AS queue_id, COALESCE(r.user_id, 0) AS user_id,
              r.rate, count(*) AS n
         FROM conversations.ticket_ratings r JOIN conversations.tickets t ON t.id = r.ticket_id GROUP BY 1, 2, 3, 4, 5) b
     GROUP BY 1, 2, 3, 4
     ${statsUpsert('ratings', 'rating_hist')}`,
  `DROP TABLE stats_first_reply`,
];

/**
 * What the dashboard counts, written in the transaction of the change it counts (decision 0031): the
 * ticket's timestamps and its business day's rollup row (per queue and user, 0 for none). Rows are
 * upserted in key order, so two transactions touching the same rows lock them in the same order.
 */
@Injectable()
export class TicketStatsRepository {
  /**
   * New tickets: counted on their day in their queue, and ready for a human at once unless the queue
   * bot will ask for a queue first (no queue yet on a connection with several). A hand-over earlier in
   * the same transaction (the delivery counts its new tickets last) is kept.
   */
  async opened(manager: EntityManager, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await manager.query(
      prepared(`WITH opened AS (
         UPDATE conversations.tickets t
            SET human_ready_at = COALESCE(t.human_ready_at, CASE WHEN t.queue_id IS NULL AND EXISTS (SELECT 1 FROM conversations.connections w
                  WHERE w.id = t.whatsapp_id AND w.company_id = t.company_id AND cardinality(w.queue_ids) >= 2) THEN NULL ELSE t.created_at END)
          WHERE t.id = ANY($1::int[])
          RETURNING t.company_id, t.created_at, t.queue_id, t.user_id
       )
       ${INTO} (company_id, day, queue_id, user_id, created)
       SELECT company_id, ${statDay('created_at', 'opened.company_id')}, COALESCE(queue_id, 0), COALESCE(user_id, 0), count(*)
         FROM opened GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
       ${statsUpsert('created')}`),
      [ids],
    );
  }

  /** A human replied on the ticket: its first reply is timed from when a human could take it (now, if the bot still had it). */
  async replied(manager: EntityManager, ticketId: number, userId: number): Promise<void> {
    await manager.query(
      prepared(`WITH first AS (
         UPDATE conversations.tickets SET first_response_at = now(), human_ready_at = COALESCE(human_ready_at, now())
          WHERE id = $1 AND first_response_at IS NULL
          RETURNING company_id, queue_id, human_ready_at, first_response_at
       )
       ${INTO} (company_id, day, queue_id, user_id, responses, response_secs)
       SELECT company_id, ${statDay('first_response_at', 'first.company_id')}, COALESCE(queue_id, 0), $2, 1,
              ${packedSeconds('human_ready_at', 'first_response_at')}
         FROM first
       ${statsUpsert('responses', 'response_secs')}`),
      [ticketId, userId],
    );
  }

  /** Tickets closed (resolved by a user, closed by an admin, expired): counted for their holder and queue, timed from creation. */
  async resolved(manager: EntityManager, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await manager.query(
      prepared(`WITH closed AS (
         UPDATE conversations.tickets SET resolved_at = now() WHERE id = ANY($1::int[])
          RETURNING company_id, queue_id, user_id, ${wholeSeconds('created_at', 'now()')} AS secs
       )
       ${INTO} (company_id, day, queue_id, user_id, resolved, resolution_secs)
       SELECT company_id, ${statDay('now()', 'closed.company_id')}, COALESCE(queue_id, 0), COALESCE(user_id, 0), count(*),
              ${packedSecondsAgg('secs')}
         FROM closed GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
       ${statsUpsert('resolved', 'resolution_secs')}`),
      [ids],
    );
  }

  /** A closed ticket is live again: counted, so the backlog of a past day is today's minus what came and went since. */
  async reopened(manager: EntityManager, ticketId: number): Promise<void> {
    await manager.query(
      prepared(`${INTO} (company_id, day, queue_id, user_id, reopened)
       SELECT company_id, ${statDay('now()', 'tickets.company_id')}, COALESCE(queue_id, 0), COALESCE(user_id, 0), 1 FROM conversations.tickets WHERE id = $1
       ${statsUpsert('reopened')}`),
      [ticketId],
    );
  }

  /** The customer's rating of a ticket; the first one counts: for the user it names and the ticket's queue. */
  async rate(manager: EntityManager, companyId: number, ticketId: number, userId: number | null, rate: number): Promise<void> {
    await manager.query(
      prepared(`WITH rated AS (
         INSERT INTO conversations.ticket_ratings (company_id, ticket_id, user_id, rate) VALUES ($1, $2, $3, $4)
         ON CONFLICT (ticket_id) DO NOTHING RETURNING company_id, ticket_id, user_id, rate, created_at
       )
       ${INTO} (company_id, day, queue_id, user_id, ratings, rating_hist)
       SELECT r.company_id, ${statDay('r.created_at', 'r.company_id')}, COALESCE(t.queue_id, 0), COALESCE(r.user_id, 0), 1,
              conversations.hist_at(r.rate, 1, 5)
         FROM rated r JOIN conversations.tickets t ON t.id = r.ticket_id
       ${statsUpsert('ratings', 'rating_hist')}`),
      [companyId, ticketId, userId, rate],
    );
  }
}
