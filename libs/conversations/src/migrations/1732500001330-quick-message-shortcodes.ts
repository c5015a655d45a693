import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One quick message per shortcode for whoever types it (issue 21): among the quick messages a user
 * picks from with '/' (their own and the general ones) no two share a shortcode. Two users may each
 * keep a private one of the same shortcode; a general one takes its shortcode from everyone.
 *
 * The rule is an exclusion constraint: each quick message covers a range of users, all of them when
 * general, its author alone when private (none when its author is gone), and two of a company with the
 * same shortcode may not cover a user in common. Equality inside a GiST index needs btree_gist, a
 * trusted extension (PostgreSQL 13+) shipped with PostgreSQL and the managed services.
 *
 * Shortcodes that already clash are renamed, not deleted: the oldest keeps its shortcode and each
 * later one gets `-<its id>` appended (again while that too is taken), so every text survives and
 * its owner finds it under a name that says which it was.
 */
export class QuickMessageShortcodes1732500001330 implements MigrationInterface {
  name = 'QuickMessageShortcodes1732500001330';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE EXTENSION IF NOT EXISTS btree_gist`);
    await runner.query(`
      CREATE FUNCTION conversations.quick_message_audience(geral boolean, user_id int) RETURNS int4range
      LANGUAGE sql IMMUTABLE PARALLEL SAFE
      RETURN CASE WHEN geral THEN int4range(NULL, NULL) WHEN user_id IS NULL THEN 'empty'::int4range ELSE int4range(user_id, user_id, '[]') END`);
    for (let round = 0; ; round += 1) {
      const renamed = (await runner.query(
        `UPDATE conversations.quick_messages q SET shortcode = q.shortcode || '-' || q.id, updated_at = now()
          WHERE EXISTS (SELECT 1 FROM conversations.quick_messages p
                         WHERE p.company_id = q.company_id AND p.shortcode = q.shortcode AND p.id < q.id
                           AND conversations.quick_message_audience(p.geral, p.user_id) && conversations.quick_message_audience(q.geral, q.user_id))
          RETURNING q.id`,
      )) as [unknown[], number];
      if (renamed[1] === 0) break;
      if (round === 10) throw new Error('quick message shortcodes still clash after 10 renaming rounds');
    }
    await runner.query(`
      ALTER TABLE conversations.quick_messages ADD CONSTRAINT quick_messages_shortcode_unique
        EXCLUDE USING gist (company_id WITH =, shortcode WITH =, conversations.quick_message_audience(geral, user_id) WITH &&)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE conversations.quick_messages DROP CONSTRAINT IF EXISTS quick_messages_shortcode_unique`);
    await runner.query(`DROP FUNCTION IF EXISTS conversations.quick_message_audience(boolean, int)`);
  }
}
