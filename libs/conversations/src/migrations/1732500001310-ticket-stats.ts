import type { MigrationInterface, QueryRunner } from 'typeorm';

// The SQL helpers as this migration ran them, frozen here: the live ones (dashboard/) may change after it.
/** The company's time zone as this migration reads it: the setting `timezone`, São Paulo until set (frozen here). */
const companyZone = (companyId: string) =>
  `COALESCE((SELECT z.value FROM conversations.settings z WHERE z.company_id = ${companyId} AND z.key = 'timezone'), 'America/Sao_Paulo')`;
/** The business day of an instant in the company's zone. */
const statDay = (instant: string, companyId: string) => `(${instant} AT TIME ZONE ${companyZone(companyId)})::date`;
/** Seconds between two instants. */
const seconds = (from: string, to: string) => `extract(epoch FROM ${to} - ${from})::float8`;
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
 * (Kept as this migration ran it, of the table as it was then: later migrations change the rollup.)
 * The ticket timestamps and the rollup derived from the tickets, their messages and ratings: the
 * migration's backfill and the benchmark's seed, run once on tickets that have no rollup yet. A
 * histogram is summed per bucket first, so `hist_sum` adds a few arrays per row, not one per ticket.
 */
const STATS_BACKFILL_SQL = [
  `UPDATE conversations.tickets SET human_ready_at = created_at WHERE human_ready_at IS NULL`,
  `UPDATE conversations.tickets SET resolved_at = updated_at WHERE status = 'closed' AND resolved_at IS NULL`,
  `CREATE TEMP TABLE stats_first_reply AS
     SELECT DISTINCT ON (m.ticket_id) m.ticket_id, m.created_at AS at, m.user_id
       FROM conversations.messages m WHERE m.from_me AND m.user_id IS NOT NULL ORDER BY m.ticket_id, m.created_at, m.id`,
  `UPDATE conversations.tickets t SET first_response_at = f.at FROM stats_first_reply f WHERE t.id = f.ticket_id AND t.first_response_at IS NULL`,
  `${INTO} (company_id, day, queue_id, user_id, created)
     SELECT company_id, ${statDay('created_at', 'tickets.company_id')}, COALESCE(queue_id, 0), 0, count(*) FROM conversations.tickets GROUP BY 1, 2, 3
     ${statsUpsert('created')}`,
  `${INTO} (company_id, day, queue_id, user_id, resolved, resolution_hist)
     SELECT company_id, day, queue_id, user_id, sum(n), conversations.hist_sum(conversations.hist_at(bucket, n::int)) FROM (
       SELECT company_id, ${statDay('resolved_at', 'tickets.company_id')} AS day, COALESCE(queue_id, 0) AS queue_id, COALESCE(user_id, 0) AS user_id,
              conversations.stat_bucket(${seconds('created_at', 'resolved_at')}) AS bucket, count(*) AS n
         FROM conversations.tickets WHERE resolved_at IS NOT NULL GROUP BY 1, 2, 3, 4, 5) b
     GROUP BY 1, 2, 3, 4
     ${statsUpsert('resolved', 'resolution_hist')}`,
  `${INTO} (company_id, day, queue_id, user_id, responses, response_hist)
     SELECT company_id, day, queue_id, user_id, sum(n), conversations.hist_sum(conversations.hist_at(bucket, n::int)) FROM (
       SELECT t.company_id, ${statDay('f.at', 't.company_id')} AS day, COALESCE(t.queue_id, 0) AS queue_id, f.user_id,
              conversations.stat_bucket(${seconds('t.human_ready_at', 'f.at')}) AS bucket, count(*) AS n
         FROM stats_first_reply f JOIN conversations.tickets t ON t.id = f.ticket_id GROUP BY 1, 2, 3, 4, 5) b
     GROUP BY 1, 2, 3, 4
     ${statsUpsert('responses', 'response_hist')}`,
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
 * The admin dashboard's data (decision 0031), kept as tickets change instead of read from messages:
 *
 * - On the ticket: when a human could first take it (`human_ready_at`: created in a queue or without
 *   a bot, or handed over by the queue bot), its first human reply and its last resolution.
 * - `ticket_stats_daily`: per company, business day, queue and user (0 for none), the counts of new,
 *   reopened and resolved tickets and of ratings, and fixed log-scale histograms of first-response and
 *   resolution seconds, so a percentile over a year is a sum of a few thousand rows.
 * - `stat_bucket`, `stat_hist`, `hist_add` and `hist_sum`: the histogram's buckets in one place, for the writes,
 *   this backfill and the benchmark's seed.
 * - A partial index for the live tickets counted by queue and status.
 *
 * Existing tickets are backfilled from what can be derived: ready at creation (a bot's hand-over is
 * not recorded anywhere), the first reply from the first message a user sent, resolved at the last
 * change of a closed ticket.
 */
export class TicketStats1732500001310 implements MigrationInterface {
  name = 'TicketStats1732500001310';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE conversations.tickets
      ADD COLUMN human_ready_at timestamptz, ADD COLUMN first_response_at timestamptz, ADD COLUMN resolved_at timestamptz`);
    // Bucket 1 holds under a second; bucket k (2..47) holds [1.4^(k-2), 1.4^(k-1)) seconds; 48 what is longer (about 115 days).
    await runner.query(`
      CREATE FUNCTION conversations.stat_bucket(seconds double precision) RETURNS int
      LANGUAGE sql IMMUTABLE PARALLEL SAFE
      RETURN CASE WHEN seconds < 1 THEN 1 ELSE LEAST(48, floor(ln(seconds) / ln(1.4))::int + 2) END`);
    // A histogram of n in one bucket.
    await runner.query(`
      CREATE FUNCTION conversations.hist_at(bucket int, n int, size int DEFAULT 48) RETURNS int[]
      LANGUAGE sql IMMUTABLE PARALLEL SAFE
      RETURN array_fill(0, ARRAY[bucket - 1]) || n || array_fill(0, ARRAY[size - bucket])`);
    await runner.query(`
      CREATE FUNCTION conversations.stat_hist(seconds double precision) RETURNS int[]
      LANGUAGE sql IMMUTABLE PARALLEL SAFE
      RETURN conversations.hist_at(conversations.stat_bucket(seconds), 1)`);
    await runner.query(`
      CREATE FUNCTION conversations.hist_add(a int[], b int[]) RETURNS int[]
      LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
      RETURN (SELECT array_agg(x + y ORDER BY i) FROM unnest(a, b) WITH ORDINALITY AS u(x, y, i))`);
    // Strict: the first histogram of a group is its starting state.
    await runner.query(`CREATE AGGREGATE conversations.hist_sum(int[]) (SFUNC = conversations.hist_add, STYPE = int[])`);
    await runner.query(`
      CREATE TABLE conversations.ticket_stats_daily (
        company_id int NOT NULL,
        day date NOT NULL,
        queue_id int NOT NULL,
        user_id int NOT NULL,
        created int NOT NULL DEFAULT 0,
        reopened int NOT NULL DEFAULT 0,
        resolved int NOT NULL DEFAULT 0,
        responses int NOT NULL DEFAULT 0,
        response_hist int[] NOT NULL DEFAULT array_fill(0, ARRAY[48]),
        resolution_hist int[] NOT NULL DEFAULT array_fill(0, ARRAY[48]),
        ratings int NOT NULL DEFAULT 0,
        rating_hist int[] NOT NULL DEFAULT array_fill(0, ARRAY[5]),
        PRIMARY KEY (company_id, day, queue_id, user_id)
      )`);
    // The live tickets by queue and status, from the index alone (about a tenth of the table).
    await runner.query(
      `CREATE INDEX tickets_live_count_idx ON conversations.tickets (company_id, queue_id, status, user_id) WHERE status <> 'closed'`,
    );
    for (const statement of STATS_BACKFILL_SQL) await runner.query(statement);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX IF EXISTS conversations.tickets_live_count_idx`);
    await runner.query(`DROP TABLE IF EXISTS conversations.ticket_stats_daily`);
    await runner.query(`DROP AGGREGATE IF EXISTS conversations.hist_sum(int[])`);
    await runner.query(`DROP FUNCTION IF EXISTS conversations.hist_add(int[], int[])`);
    await runner.query(`DROP FUNCTION IF EXISTS conversations.stat_hist(double precision)`);
    await runner.query(`DROP FUNCTION IF EXISTS conversations.hist_at(int, int, int)`);
    await runner.query(`DROP FUNCTION IF EXISTS conversations.stat_bucket(double precision)`);
    await runner.query(
      `ALTER TABLE conversations.tickets DROP COLUMN human_ready_at, DROP COLUMN first_response_at, DROP COLUMN resolved_at`,
    );
  }
}
