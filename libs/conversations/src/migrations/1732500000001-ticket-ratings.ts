import type { MigrationInterface, QueryRunner } from 'typeorm';

export class TicketRatings1732500000001 implements MigrationInterface {
  name = 'TicketRatings1732500000001';

  async up(runner: QueryRunner): Promise<void> {
    // The content type of a message's media, needed to send it on (forward).
    await runner.query(`ALTER TABLE conversations.messages ADD COLUMN media_mimetype text`);
    // Set when the rating message went out on resolve; the customer's next 1 to 5 is the rating.
    await runner.query(`ALTER TABLE conversations.tickets ADD COLUMN rating_requested_at timestamptz`);
    await runner.query(
      `CREATE INDEX tickets_rating_requested_idx ON conversations.tickets (company_id, contact_id, whatsapp_id) WHERE rating_requested_at IS NOT NULL`,
    );
    await runner.query(`
      CREATE TABLE conversations.ticket_ratings (
        id serial PRIMARY KEY,
        company_id int NOT NULL,
        ticket_id int NOT NULL UNIQUE REFERENCES conversations.tickets (id) ON DELETE CASCADE,
        user_id int,
        rate int NOT NULL CHECK (rate BETWEEN 1 AND 5),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE IF EXISTS conversations.ticket_ratings`);
    await runner.query(`ALTER TABLE conversations.tickets DROP COLUMN IF EXISTS rating_requested_at`);
    await runner.query(`ALTER TABLE conversations.messages DROP COLUMN IF EXISTS media_mimetype`);
  }
}
