import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Invoice generation's runs (issue 25): one per slot of the schedule (an hour), held by one process at
 * a time through a lease it renews with each batch of companies. A replica that finds the lease run
 * out (its owner died or hung) takes the run over and goes on after the last company its owner
 * finished (`after_company_id`); a finished run is not made again in its slot. The invoices' unique
 * key (company, due date) stays what makes each period's invoice exist once.
 */
export class BillingGenerationRuns1765000000400 implements MigrationInterface {
  name = 'BillingGenerationRuns1765000000400';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE billing.generation_runs (
        slot timestamptz PRIMARY KEY,
        issue_until date NOT NULL,
        owner text NOT NULL,
        lease_until timestamptz NOT NULL,
        after_company_id int NOT NULL DEFAULT 0,
        issued int NOT NULL DEFAULT 0,
        takeovers int NOT NULL DEFAULT 0,
        started_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE IF EXISTS billing.generation_runs`);
  }
}
