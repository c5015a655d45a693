import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An integration's replies after the first of a turn, waiting for their time (typebotDelayMessage
 * apart): kept here with the answer that produced them so that a restart in the middle of the sequence
 * sends the rest, each once (a reply is deleted in the transaction that sends it). Gone with the
 * ticket's conversation.
 */
export class AiIntegrationReplies1764000000700 implements MigrationInterface {
  name = 'AiIntegrationReplies1764000000700';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE ai.integration_replies (
        id bigserial PRIMARY KEY,
        ticket_id int NOT NULL REFERENCES ai.conversations (ticket_id) ON DELETE CASCADE,
        company_id int NOT NULL,
        author jsonb NOT NULL,
        message jsonb NOT NULL,
        due_at timestamptz NOT NULL
      )`);
    await runner.query(`CREATE INDEX integration_replies_ticket_idx ON ai.integration_replies (ticket_id, id)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE IF EXISTS ai.integration_replies`);
  }
}
