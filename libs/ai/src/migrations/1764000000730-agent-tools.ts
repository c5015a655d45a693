import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The agents' tools (issue 23): the booking tool books for the ticket's contact, so each followed
 * conversation keeps its contact as conversations' message events name it.
 */
export class AiAgentTools1764000000730 implements MigrationInterface {
  name = 'AiAgentTools1764000000730';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE ai.conversations ADD COLUMN contact_id int`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE ai.conversations DROP COLUMN IF EXISTS contact_id`);
  }
}
