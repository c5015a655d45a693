import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The trigram indexes take new entries into a pending list that the inserting transaction merges
 * into the index once it passes gin_pending_list_limit (4 MB by default): at a busy company's rate
 * that is one inbound message in some thousands held for hundreds of milliseconds. A small list is
 * merged often and briefly instead.
 */
export class SteadyTrigramIndexes1732500000030 implements MigrationInterface {
  name = 'SteadyTrigramIndexes1732500000030';

  async up(runner: QueryRunner): Promise<void> {
    for (const index of ['messages_body_trgm_idx', 'contacts_name_trgm_idx', 'contacts_number_trgm_idx']) {
      await runner.query(`ALTER INDEX IF EXISTS conversations.${index} SET (gin_pending_list_limit = 128)`);
    }
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const index of ['messages_body_trgm_idx', 'contacts_name_trgm_idx', 'contacts_number_trgm_idx']) {
      await runner.query(`ALTER INDEX IF EXISTS conversations.${index} RESET (gin_pending_list_limit)`);
    }
  }
}
