import type { MigrationInterface, QueryRunner } from 'typeorm';

export class MessageSearch1732500000011 implements MigrationInterface {
  name = 'MessageSearch1732500000011';

  async up(runner: QueryRunner): Promise<void> {
    // The ticket search looks inside messages and contacts (LIKE '%term%'), which needs trigram
    // indexes over a large history. pg_trgm is a trusted extension (PostgreSQL 13+) shipped with PostgreSQL and the
    // managed services; where it cannot be created the search still works, only slower.
    await runner.query(`
      DO $$ BEGIN
        CREATE EXTENSION IF NOT EXISTS pg_trgm;
      EXCEPTION WHEN OTHERS THEN
        RAISE NOTICE 'pg_trgm is not available (%); message search runs without its index', SQLERRM;
      END $$`);
    await runner.query(`
      DO $$ DECLARE trgm_schema text;
      BEGIN
        SELECT n.nspname INTO trgm_schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
        IF trgm_schema IS NOT NULL THEN
          EXECUTE format('CREATE INDEX IF NOT EXISTS messages_body_trgm_idx ON conversations.messages USING gin (lower(body) %I.gin_trgm_ops)', trgm_schema);
          EXECUTE format('CREATE INDEX IF NOT EXISTS contacts_name_trgm_idx ON conversations.contacts USING gin (lower(name) %I.gin_trgm_ops)', trgm_schema);
          EXECUTE format('CREATE INDEX IF NOT EXISTS contacts_number_trgm_idx ON conversations.contacts USING gin (number %I.gin_trgm_ops)', trgm_schema);
        END IF;
      END $$`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX IF EXISTS conversations.messages_body_trgm_idx`);
    await runner.query(`DROP INDEX IF EXISTS conversations.contacts_name_trgm_idx`);
    await runner.query(`DROP INDEX IF EXISTS conversations.contacts_number_trgm_idx`);
  }
}
