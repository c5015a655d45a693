import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The billing service's schema (issue 25): the companies and plans as identity announces them (a
 * projection: what each company pays, how often, and until when it is paid), and the invoices, one
 * per company and due date (the unique key that makes generation happen once per period, also with
 * several replicas and after a restart). Money is integer cents.
 */
export class BillingInitial1765000000000 implements MigrationInterface {
  name = 'BillingInitial1765000000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE billing.plans (
        id int PRIMARY KEY,
        name text NOT NULL,
        value_cents int NOT NULL CHECK (value_cents >= 0)
      )`);

    await runner.query(`
      CREATE TABLE billing.companies (
        id int PRIMARY KEY,
        name text NOT NULL,
        plan_id int NOT NULL,
        status boolean NOT NULL,
        due_date date,
        recurrence text NOT NULL
      )`);
    await runner.query(`CREATE INDEX companies_due_idx ON billing.companies (due_date) WHERE due_date IS NOT NULL AND status`);

    await runner.query(`
      CREATE TABLE billing.invoices (
        id serial PRIMARY KEY,
        company_id int NOT NULL,
        detail text NOT NULL,
        value_cents int NOT NULL CHECK (value_cents >= 0),
        due_date date NOT NULL,
        recurrence text NOT NULL,
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paid')),
        paid_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT invoices_period_key UNIQUE (company_id, due_date)
      )`);
    await runner.query(`CREATE INDEX invoices_company_idx ON billing.invoices (company_id, due_date DESC, id DESC)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE IF EXISTS billing.invoices`);
    await runner.query(`DROP TABLE IF EXISTS billing.companies`);
    await runner.query(`DROP TABLE IF EXISTS billing.plans`);
  }
}
