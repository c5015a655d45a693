import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What keeps conversations' tags, contacts and tickets' tags right here whatever order their events
 * arrive in, and cheap to look up by contact (docs/decisions/0038):
 * - `deleted_tags`: the tags conversations deleted (its ids are never used again). A ticket's tags or a
 *   tag's save handled after the tag's deletion (another key, so another lane or partition) does not
 *   bring it back.
 * - `ticket_tags_contact_idx`: a contact announced or tagged looks up its tickets' tags (does a running
 *   tag campaign take it now?), and a contact deleted drops its tickets, both by contact.
 */
export class ProjectionConvergence1732500001851 implements MigrationInterface {
  name = 'ProjectionConvergence1732500001851';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE outbound.deleted_tags (id int PRIMARY KEY, company_id int NOT NULL)`);
    await runner.query(`CREATE INDEX ticket_tags_contact_idx ON outbound.ticket_tags (company_id, contact_id)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX IF EXISTS outbound.ticket_tags_contact_idx`);
    await runner.query(`DROP TABLE IF EXISTS outbound.deleted_tags`);
  }
}
