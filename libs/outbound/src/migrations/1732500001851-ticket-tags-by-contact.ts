import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A contact announced or tagged looks up the tags of its tickets (does a running tag campaign take it
 * now? docs/decisions/0038), and a contact deleted drops its tickets: both by contact, once per event.
 */
export class TicketTagsByContact1732500001851 implements MigrationInterface {
  name = 'TicketTagsByContact1732500001851';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE INDEX ticket_tags_contact_idx ON outbound.ticket_tags (company_id, contact_id)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX IF EXISTS outbound.ticket_tags_contact_idx`);
  }
}
