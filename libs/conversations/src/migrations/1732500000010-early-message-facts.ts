import type { MigrationInterface, QueryRunner } from 'typeorm';

export class EarlyMessageFacts1732500000010 implements MigrationInterface {
  name = 'EarlyMessageFacts1732500000010';

  async up(runner: QueryRunner): Promise<void> {
    // An ack, edit or delete that reached us before the message it is about (inbound messages are
    // handled per chat, acks per connection); applied and dropped when the message is filed.
    await runner.query(`
      CREATE TABLE conversations.early_message_facts (
        whatsapp_id int NOT NULL,
        wid text NOT NULL,
        ack int,
        body text,
        deleted boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (whatsapp_id, wid)
      )`);
    await runner.query(`CREATE INDEX early_message_facts_created_idx ON conversations.early_message_facts (created_at)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE IF EXISTS conversations.early_message_facts`);
  }
}
