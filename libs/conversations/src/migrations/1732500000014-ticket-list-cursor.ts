import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The ticket list pages by a cursor of the last row's updatedAt and id. Clients send updatedAt as
 * JSON gives it, to the millisecond: the column keeps milliseconds too, so the cursor names a row's
 * exact place and no ticket in the same millisecond is skipped or shown twice.
 */
export class TicketListCursor1732500000014 implements MigrationInterface {
  name = 'TicketListCursor1732500000014';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE conversations.tickets ALTER COLUMN updated_at TYPE timestamptz(3)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE conversations.tickets ALTER COLUMN updated_at TYPE timestamptz`);
  }
}
