import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The queues and connections whose deletion identity handled (their owners never use an id again): one
 * asked of its owner just before its deletion was handled here is not taken back into company_queues
 * or company_connections after it (docs/decisions/0039-ids-usable-at-once-read-through.md).
 */
export class ProjectionTombstones1763900000039 implements MigrationInterface {
  name = 'ProjectionTombstones1763900000039';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE identity.deleted_company_queues (id int PRIMARY KEY, company_id int NOT NULL)`);
    await runner.query(`CREATE TABLE identity.deleted_company_connections (id int PRIMARY KEY, company_id int NOT NULL)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE IF EXISTS identity.deleted_company_connections`);
    await runner.query(`DROP TABLE IF EXISTS identity.deleted_company_queues`);
  }
}
