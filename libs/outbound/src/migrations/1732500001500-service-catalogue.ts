import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The services catalogue (issue 15; timestamps 17325000015xx are this line of work's): what each
 * company offers, its price in reais and its duration in minutes.
 */
export class ServiceCatalogue1732500001500 implements MigrationInterface {
  name = 'ServiceCatalogue1732500001500';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE outbound.services (
        id serial PRIMARY KEY,
        company_id int NOT NULL,
        name text NOT NULL,
        description text,
        price numeric(12, 2) NOT NULL CHECK (price >= 0),
        duration int NOT NULL CHECK (duration > 0),
        additional_info text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX services_company_idx ON outbound.services (company_id, lower(name), id)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE IF EXISTS outbound.services`);
  }
}
