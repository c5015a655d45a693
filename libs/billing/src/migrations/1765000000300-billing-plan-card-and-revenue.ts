import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the checkout's plan card shows of a plan (its users and connections, null until identity
 * announces the plan again), and the plan each invoice was issued for, which the operator's revenue
 * view groups by (existing invoices take their company's current plan).
 */
export class BillingPlanCardAndRevenue1765000000300 implements MigrationInterface {
  name = 'BillingPlanCardAndRevenue1765000000300';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE billing.plans ADD COLUMN users int, ADD COLUMN connections int`);
    await runner.query(`ALTER TABLE billing.invoices ADD COLUMN plan_id int`);
    await runner.query(`UPDATE billing.invoices i SET plan_id = c.plan_id FROM billing.companies c WHERE c.id = i.company_id`);
    await runner.query(`CREATE INDEX invoices_due_idx ON billing.invoices (due_date)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX IF EXISTS billing.invoices_due_idx`);
    await runner.query(`ALTER TABLE billing.invoices DROP COLUMN plan_id`);
    await runner.query(`ALTER TABLE billing.plans DROP COLUMN users, DROP COLUMN connections`);
  }
}
