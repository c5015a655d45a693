import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The contacts and connections whose deletion outbound handled (their owners never use an id again):
 * a record asked of its owner just before its deletion was handled here is not taken back into the
 * copy after it (docs/decisions/0039-ids-usable-at-once-read-through.md). Tags have `deleted_tags`.
 */
export class ProjectionTombstones1732500001939 implements MigrationInterface {
  name = 'ProjectionTombstones1732500001939';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE outbound.deleted_contacts (id int PRIMARY KEY, company_id int NOT NULL)`);
    await runner.query(`CREATE TABLE outbound.deleted_connections (id int PRIMARY KEY, company_id int NOT NULL)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE IF EXISTS outbound.deleted_connections`);
    await runner.query(`DROP TABLE IF EXISTS outbound.deleted_contacts`);
  }
}
