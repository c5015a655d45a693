import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A payment provider's side of billing (issue 25): each company's customer at the provider, each
 * invoice's charge there (its payment id is how a webhook names it), and the webhook events applied
 * (a provider repeats them; each is applied once).
 */
export class BillingCharges1765000000100 implements MigrationInterface {
  name = 'BillingCharges1765000000100';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE billing.provider_customers (
        provider text NOT NULL,
        company_id int NOT NULL,
        customer_id text NOT NULL,
        PRIMARY KEY (provider, company_id)
      )`);
    await runner.query(`
      CREATE TABLE billing.charges (
        provider text NOT NULL,
        payment_id text NOT NULL,
        invoice_id int NOT NULL REFERENCES billing.invoices (id) ON DELETE CASCADE,
        company_id int NOT NULL,
        br_code text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (provider, payment_id),
        CONSTRAINT charges_invoice_key UNIQUE (provider, invoice_id)
      )`);
    await runner.query(`
      CREATE TABLE billing.webhook_events (
        provider text NOT NULL,
        event_id text NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (provider, event_id)
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE IF EXISTS billing.webhook_events`);
    await runner.query(`DROP TABLE IF EXISTS billing.charges`);
    await runner.query(`DROP TABLE IF EXISTS billing.provider_customers`);
  }
}
