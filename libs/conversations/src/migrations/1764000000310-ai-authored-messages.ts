import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The AI assistant (a prompt or an agent of the ai service) that wrote a message we sent, as the chat
 * shows it: `{ kind, id, name }` at the time of the answer; null for every other message.
 */
export class AiAuthoredMessages1764000000310 implements MigrationInterface {
  name = 'AiAuthoredMessages1764000000310';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE conversations.messages ADD COLUMN ai_author jsonb`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE conversations.messages DROP COLUMN IF EXISTS ai_author`);
  }
}
