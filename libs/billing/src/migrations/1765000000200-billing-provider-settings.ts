import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The payment providers' settings the super user enters (spec 3 settings keys asaas, ipixc, tokenixc,
 * ipmkauth, clientidmkauth, clientsecretmkauth, and the static Pix key's): each value encrypted at rest
 * (AES-256-GCM, `v1.<iv>.<tag>.<ciphertext>`); the environment's values are the defaults.
 */
export class BillingProviderSettings1765000000200 implements MigrationInterface {
  name = 'BillingProviderSettings1765000000200';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE billing.provider_settings (
        key text PRIMARY KEY,
        sealed text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE IF EXISTS billing.provider_settings`);
  }
}
