import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The queues whose deletion whatsapp handled (conversations never uses an id again): one asked of
 * conversations just before its deletion was handled here is not taken back into company_queues after
 * it (docs/decisions/0039-ids-usable-at-once-read-through.md).
 */
export class ProjectionTombstones1732400000039 implements MigrationInterface {
  name = 'ProjectionTombstones1732400000039';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE whatsapp.deleted_company_queues (id int PRIMARY KEY, company_id int NOT NULL)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE IF EXISTS whatsapp.deleted_company_queues`);
  }
}
