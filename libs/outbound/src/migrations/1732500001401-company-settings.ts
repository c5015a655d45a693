import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The company settings outbound obeys (campaignsEnabled), as identity announces them. */
export class CompanySettings1732500001401 implements MigrationInterface {
  name = 'CompanySettings1732500001401';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE outbound.company_settings (
        company_id int NOT NULL,
        key text NOT NULL,
        value text NOT NULL,
        PRIMARY KEY (company_id, key)
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE IF EXISTS outbound.company_settings`);
  }
}
