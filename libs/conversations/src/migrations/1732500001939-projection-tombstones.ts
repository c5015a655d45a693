import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The users and connections whose deletion conversations handled (their owners never use an id
 * again): one asked of its owner just before its deletion was handled here is not taken back into the
 * copy after it (docs/decisions/0039-ids-usable-at-once-read-through.md).
 */
export class ProjectionTombstones1732500001939 implements MigrationInterface {
  name = 'ProjectionTombstones1732500001939';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE conversations.deleted_users (id int PRIMARY KEY, company_id int NOT NULL)`);
    await runner.query(`CREATE TABLE conversations.deleted_connections (id int PRIMARY KEY, company_id int NOT NULL)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE IF EXISTS conversations.deleted_connections`);
    await runner.query(`DROP TABLE IF EXISTS conversations.deleted_users`);
  }
}
