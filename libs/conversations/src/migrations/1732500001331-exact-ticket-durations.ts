import type { MigrationInterface, QueryRunner } from 'typeorm';

// The SQL helpers as this migration ran them, frozen here: the live ones (dashboard/) may change after it.
/** The company's time zone as this migration reads it: the setting `timezone`, São Paulo until set (frozen here). */
const companyZone = (companyId: string) =>
  `COALESCE((SELECT z.value FROM conversations.settings z WHERE z.company_id = ${companyId} AND z.key = 'timezone'), 'America/Sao_Paulo')`;
/** The business day of an instant in the company's zone. */
const statDay = (instant: string, companyId: string) => `(${instant} AT TIME ZONE ${companyZone(companyId)})::date`;
/** Whole seconds elapsed between two instants. */
const wholeSeconds = (from: string, to: string) => `floor(extract(epoch FROM ${to} - ${from}))::int`;
/** Packed durations of a group (`seconds` an int expression), 4 bytes each. */
const packedSecondsAgg = (seconds: string) => `string_agg(int4send(${seconds}), ''::bytea)`;
const COUNTS = ['created', 'reopened', 'resolved', 'responses', 'ratings'];
/** Adds an upsert's excluded row into the rollup row (`s`), for the columns it writes only. */
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

const INTO = 'INSERT INTO conversations.ticket_stats_daily AS s';

/**
 * The dashboard's first-response and resolution times exact to the second (issue 21, decision 0031):
 * each rollup row keeps the durations it counts, in whole seconds (`response_secs`,
 * `resolution_secs`), instead of 48 log-scale buckets that put a lone 45 s answer at a 49 s median.
 * They are packed as bytea, 4 bytes each (int4send): a year's range is then read by concatenating
 * bytes (3 ms for 185,000 durations) where an int[] cost a call per value to send (150 ms).
 *
 * Existing rows get the durations derivable from the tickets: each ticket's first reply (by the user
 * of the first message a user sent, else its holder) and its last resolution, on the business day it
 * happened. Counts already kept (a ticket closed twice counts two resolutions) are left as they are.
 */
export class ExactTicketDurations1732500001331 implements MigrationInterface {
  name = 'ExactTicketDurations1732500001331';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE conversations.ticket_stats_daily
      ADD COLUMN response_secs bytea NOT NULL DEFAULT '', ADD COLUMN resolution_secs bytea NOT NULL DEFAULT ''`);
    await runner.query(`${INTO} (company_id, day, queue_id, user_id, resolution_secs)
      SELECT company_id, ${statDay('resolved_at', 'tickets.company_id')}, COALESCE(queue_id, 0), COALESCE(user_id, 0),
             ${packedSecondsAgg(wholeSeconds('created_at', 'resolved_at'))}
        FROM conversations.tickets WHERE resolved_at IS NOT NULL GROUP BY 1, 2, 3, 4
      ${statsUpsert('resolution_secs')}`);
    await runner.query(`${INTO} (company_id, day, queue_id, user_id, response_secs)
      SELECT t.company_id, ${statDay('t.first_response_at', 't.company_id')}, COALESCE(t.queue_id, 0),
             COALESCE((SELECT m.user_id FROM conversations.messages m
                        WHERE m.ticket_id = t.id AND m.from_me AND m.user_id IS NOT NULL ORDER BY m.created_at, m.id LIMIT 1), t.user_id, 0),
             ${packedSecondsAgg(wholeSeconds('t.human_ready_at', 't.first_response_at'))}
        FROM conversations.tickets t WHERE t.first_response_at IS NOT NULL AND t.human_ready_at IS NOT NULL GROUP BY 1, 2, 3, 4
      ${statsUpsert('response_secs')}`);
    await runner.query(`ALTER TABLE conversations.ticket_stats_daily DROP COLUMN response_hist, DROP COLUMN resolution_hist`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE conversations.ticket_stats_daily
      ADD COLUMN response_hist int[] NOT NULL DEFAULT array_fill(0, ARRAY[48]),
      ADD COLUMN resolution_hist int[] NOT NULL DEFAULT array_fill(0, ARRAY[48])`);
    // Each packed duration back into its histogram bucket.
    const unpacked = (column: string) =>
      `(SELECT conversations.hist_sum(conversations.stat_hist(('x' || encode(substr(${column}, i + 1, 4), 'hex'))::bit(32)::int))
          FROM generate_series(0, length(${column}) - 4, 4) i)`;
    await runner.query(`UPDATE conversations.ticket_stats_daily SET
      response_hist = COALESCE(${unpacked('response_secs')}, response_hist),
      resolution_hist = COALESCE(${unpacked('resolution_secs')}, resolution_hist)`);
    await runner.query(`ALTER TABLE conversations.ticket_stats_daily DROP COLUMN response_secs, DROP COLUMN resolution_secs`);
  }
}
