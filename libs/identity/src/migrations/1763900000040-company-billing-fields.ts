import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The company's billing fields (spec 3 "Company", issue 25): who invoices are made out to (name,
 * e-mail, address) and until when its trial runs (the Assinatura page counts the days left; sign-up
 * sets it, companies made before stay without one).
 */
export class CompanyBillingFields1763900000040 implements MigrationInterface {
  name = 'CompanyBillingFields1763900000040';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE identity.companies
        ADD COLUMN billing_name text,
        ADD COLUMN billing_email text,
        ADD COLUMN address_zip_code text,
        ADD COLUMN address_street text,
        ADD COLUMN address_state text,
        ADD COLUMN address_city text,
        ADD COLUMN address_district text,
        ADD COLUMN trial_expiration date`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE identity.companies
        DROP COLUMN billing_name, DROP COLUMN billing_email, DROP COLUMN address_zip_code, DROP COLUMN address_street,
        DROP COLUMN address_state, DROP COLUMN address_city, DROP COLUMN address_district, DROP COLUMN trial_expiration`);
  }
}
