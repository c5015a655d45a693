import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The user who sent an outbound message. "Own messages" (edit and delete, spec 1 section 4) are the
 * ones this user sent; fromMe alone also covers every colleague's, the bots' and the phone's. Messages
 * sent before this column existed have no sender: only the roles that edit any message reach them.
 */
export class MessageSender1732500000013 implements MigrationInterface {
  name = 'MessageSender1732500000013';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE conversations.messages ADD COLUMN user_id int`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE conversations.messages DROP COLUMN user_id`);
  }
}
