import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The spec's payment keys (ipixc, tokenixc, ipmkauth, clientidmkauth, clientsecretmkauth, asaas) were
 * company settings here, in plain text; billing keeps them now, sealed, as the super user's payment
 * settings (decision 0053). Nothing ever read these rows (billing charges with its own), so they are
 * dropped, not carried over: a super user who had typed one enters it again on the payment settings.
 * Plans are announced again (the pending announcement CompanyBackfill answers once) so billing's copy
 * learns each plan's users and connections for the checkout's plan card.
 */
export class PaymentKeysToBilling1763900000042 implements MigrationInterface {
  name = 'PaymentKeysToBilling1763900000042';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `DELETE FROM identity.company_settings WHERE key IN ('ipixc', 'tokenixc', 'ipmkauth', 'clientidmkauth', 'clientsecretmkauth', 'asaas')`,
    );
    await runner.query(`INSERT INTO identity.pending_announcements (name) VALUES ('companies-and-plans') ON CONFLICT DO NOTHING`);
  }

  async down(): Promise<void> {
    // The dropped values are not kept anywhere to restore.
  }
}
