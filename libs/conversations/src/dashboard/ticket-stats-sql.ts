import { COMPANY_TIME_ZONE_SETTING, DEFAULT_COMPANY_TIME_ZONE } from '@app/contracts';

/**
 * The company's time zone in SQL: its setting `timezone` as identity announced it, São Paulo until
 * then. `companyId` must be a qualified column (`r.company_id`): inside the subquery a bare
 * `company_id` would be the settings row's own.
 */
export const companyZone = (companyId: string) =>
  `COALESCE((SELECT z.value FROM conversations.settings z WHERE z.company_id = ${companyId} AND z.key = '${COMPANY_TIME_ZONE_SETTING}'), '${DEFAULT_COMPANY_TIME_ZONE}')`;

/**
 * The business day of an instant in the company's zone (the rollup's `day`), fixed when the row is
 * counted: a later change of zone moves the days counted after it only (decision 0037).
 */
export const statDay = (instant: string, companyId: string) => `(${instant} AT TIME ZONE ${companyZone(companyId)})::date`;

/** Seconds between two instants. */
export const seconds = (from: string, to: string) => `extract(epoch FROM ${to} - ${from})::float8`;

/** Whole seconds elapsed between two instants (a 45.9 s answer took 45 s), as the dashboard keeps each duration. */
export const wholeSeconds = (from: string, to: string) => `floor(extract(epoch FROM ${to} - ${from}))::int`;

/**
 * Durations as the rollup keeps them (`*_secs`, bytea): each a 4-byte big-endian int (int4send), one
 * after the other in no order, so a range's are read by concatenating bytes, not by a call per value.
 */
export const packedSeconds = (from: string, to: string) => `int4send(${wholeSeconds(from, to)})`;
/** Packed durations of a group (`seconds` an int expression). */
export const packedSecondsAgg = (seconds: string) => `string_agg(int4send(${seconds}), ''::bytea)`;

const COUNTS = ['created', 'reopened', 'resolved', 'responses', 'ratings'];

/**
 * Adds an upsert's excluded row into the rollup row (`s`), for the columns it writes only: counts are
 * added, the durations (`*_secs`) appended (bytea), histograms (`*_hist`, the ratings) added bucket by bucket.
 * A new ticket adds to `created` without touching the arrays.
 */
export function statsUpsert(...columns: string[]): string {
  const sets = columns.map((column) =>
    COUNTS.includes(column)
      ? `${column} = s.${column} + excluded.${column}`
      : column.endsWith('_secs')
        ? `${column} = s.${column} || excluded.${column}`
        : `${column} = conversations.hist_add(s.${column}, excluded.${column})`,
  );
  return `ON CONFLICT (company_id, day, queue_id, user_id) DO UPDATE SET ${sets.join(', ')}`;
}

const INTO = 'INSERT INTO conversations.ticket_stats_daily AS s';

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
