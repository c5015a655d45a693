import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Answering customers (issue 23): which prompt or agent each queue is bound to (from conversations'
 * queue events), each connection's grouping window (timeforagroup, from whatsapp's events), the
 * conversations an assistant answers (whether it still may, and how far it answered) with their last
 * messages, and the tokens each prompt used.
 */
export class AiAnswering1764000000300 implements MigrationInterface {
  name = 'AiAnswering1764000000300';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE ai.queues ADD COLUMN prompt_id int, ADD COLUMN agent_id int`);
    await runner.query(`
      CREATE TABLE ai.connections (
        id int PRIMARY KEY,
        company_id int NOT NULL,
        timeforagroup int NOT NULL DEFAULT 5
      )`);
    // state: answering (the assistant answers), handed_off (a human was asked for), silenced (a human replied).
    await runner.query(`
      CREATE TABLE ai.conversations (
        ticket_id int PRIMARY KEY,
        company_id int NOT NULL,
        queue_id int,
        connection_id int NOT NULL,
        state text NOT NULL DEFAULT 'answering' CHECK (state IN ('answering', 'handed_off', 'silenced')),
        answered_through bigint NOT NULL DEFAULT 0,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      CREATE TABLE ai.conversation_messages (
        message_id bigint PRIMARY KEY,
        ticket_id int NOT NULL REFERENCES ai.conversations (ticket_id) ON DELETE CASCADE,
        company_id int NOT NULL,
        role text NOT NULL CHECK (role IN ('user', 'assistant')),
        body text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX conversation_messages_ticket_idx ON ai.conversation_messages (ticket_id, message_id DESC)`);
    await runner.query(`
      ALTER TABLE ai.prompts
        ADD COLUMN prompt_tokens bigint NOT NULL DEFAULT 0,
        ADD COLUMN completion_tokens bigint NOT NULL DEFAULT 0`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE ai.prompts DROP COLUMN IF EXISTS prompt_tokens, DROP COLUMN IF EXISTS completion_tokens`);
    await runner.query(`DROP TABLE IF EXISTS ai.conversation_messages`);
    await runner.query(`DROP TABLE IF EXISTS ai.conversations`);
    await runner.query(`DROP TABLE IF EXISTS ai.connections`);
    await runner.query(`ALTER TABLE ai.queues DROP COLUMN IF EXISTS prompt_id, DROP COLUMN IF EXISTS agent_id`);
  }
}
