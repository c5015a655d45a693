import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The bookings an agent's answer made (book_appointment), one per answered customer message and
 * service: a job that answers the same message again (a retry after a crash or a failure) gets the
 * appointment it already made instead of booking a second one. `appointment` is null while the
 * booking call is under way (or ended without knowing whether it booked).
 */
export class AiToolBookings1764000000723 implements MigrationInterface {
  name = 'AiToolBookings1764000000723';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE ai.tool_bookings (
        ticket_id int NOT NULL REFERENCES ai.conversations (ticket_id) ON DELETE CASCADE,
        answering_through bigint NOT NULL,
        service_id int NOT NULL,
        company_id int NOT NULL,
        appointment jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (ticket_id, answering_through, service_id)
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE ai.tool_bookings`);
  }
}
