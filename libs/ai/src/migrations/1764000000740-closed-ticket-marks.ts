import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The binding race's last gap (issue 23): a ticket's close may reach ai before a message of it that
 * came earlier is kept for the catch-up, which then answered a closed ticket. `closed_tickets` marks
 * when each ticket was closed (or deleted), for as long as messages are kept; the catch-up answers no
 * kept message from before its ticket's mark.
 */
export class AiClosedTicketMarks1764000000740 implements MigrationInterface {
  name = 'AiClosedTicketMarks1764000000740';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE ai.closed_tickets (
        company_id int NOT NULL,
        ticket_id int NOT NULL,
        closed_at timestamptz NOT NULL,
        marked_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (company_id, ticket_id)
      )`);
    await runner.query(`CREATE INDEX closed_tickets_marked_idx ON ai.closed_tickets (marked_at)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE IF EXISTS ai.closed_tickets`);
  }
}
