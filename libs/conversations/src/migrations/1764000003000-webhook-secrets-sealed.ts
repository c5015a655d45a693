import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The webhook endpoints' signing secrets are sealed at rest (issue 26). secret_hint keeps the last 4
 * characters the API shows of a secret after its creation. Sealing takes the key from the
 * configuration (WEBHOOK_KEYS_SECRET, else the JWT secret), which SQL has not: the secrets stored in
 * the clear before this migration (the `whsec_` form) are sealed by the one-time step the webhook
 * dispatcher runs when the service starts (WebhookEndpointRepository.sealPlainSecrets).
 */
export class WebhookSecretsSealed1764000003000 implements MigrationInterface {
  name = 'WebhookSecretsSealed1764000003000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE conversations.webhook_endpoints ADD COLUMN secret_hint text NOT NULL DEFAULT ''`);
    await runner.query(`UPDATE conversations.webhook_endpoints SET secret_hint = right(secret, 4) WHERE starts_with(secret, 'whsec_')`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE conversations.webhook_endpoints DROP COLUMN secret_hint`);
  }
}
