import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Quick messages (spec 2): shortcode-triggered replies of a company, private to their author or
 * general, with at most one attachment. The timestamp range 17325000013xx is issue 13's, apart from
 * the inbox's, so both lines of work add migrations without colliding.
 */
export class QuickMessages1732500001300 implements MigrationInterface {
  name = 'QuickMessages1732500001300';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE conversations.quick_messages (
        id serial PRIMARY KEY,
        company_id int NOT NULL,
        user_id int,
        shortcode text NOT NULL,
        message text NOT NULL DEFAULT '',
        geral boolean NOT NULL DEFAULT false,
        status boolean NOT NULL DEFAULT true,
        media_path text,
        media_name text,
        media_type text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX quick_messages_company_idx ON conversations.quick_messages (company_id, lower(shortcode), id)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE IF EXISTS conversations.quick_messages`);
  }
}
