import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The connection ids each company has in whatsapp, fed by whatsapp.connection.updated/deleted: a user's
 * default connection (whatsappId) may only be one listed here, as queue ids are checked against
 * company_queues (docs/decisions/0019-queue-ids-checked-against-a-projection.md).
 */
export class CompanyConnections1763900000010 implements MigrationInterface {
  name = 'CompanyConnections1763900000010';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE identity.company_connections (
        company_id int NOT NULL,
        connection_id int NOT NULL,
        PRIMARY KEY (company_id, connection_id)
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE IF EXISTS identity.company_connections`);
  }
}
