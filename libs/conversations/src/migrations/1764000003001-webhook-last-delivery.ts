import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The webhooks list shows each endpoint's most recent delivery: found by this index, whatever the endpoint's age. */
export class WebhookLastDelivery1764000003001 implements MigrationInterface {
  name = 'WebhookLastDelivery1764000003001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE INDEX webhook_deliveries_endpoint_idx ON conversations.webhook_deliveries (endpoint_id, id DESC)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX IF EXISTS conversations.webhook_deliveries_endpoint_idx`);
  }
}
