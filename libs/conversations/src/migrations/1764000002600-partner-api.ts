import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The partner API (decision 0051): API tokens (only their SHA-256 is kept), the Idempotency-Key
 * answers of the send endpoint, and the plan flag useExternalApi beside the plan's queue limit, so a
 * token stops when its company's plan loses the flag.
 */
export class PartnerApi1764000002600 implements MigrationInterface {
  name = 'PartnerApi1764000002600';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE conversations.plan_limits ADD COLUMN use_external_api boolean NOT NULL DEFAULT false`);
    await runner.query(`
      CREATE TABLE conversations.api_tokens (
        id serial PRIMARY KEY,
        company_id int NOT NULL,
        name text NOT NULL,
        token_hash bytea NOT NULL UNIQUE,
        preview text NOT NULL,
        whatsapp_id int,
        created_by int,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz,
        revoked_at timestamptz
      )`);
    await runner.query(`CREATE INDEX api_tokens_company_idx ON conversations.api_tokens (company_id, id)`);
    await runner.query(`
      CREATE TABLE conversations.api_idempotency (
        token_id int NOT NULL REFERENCES conversations.api_tokens (id) ON DELETE CASCADE,
        key text NOT NULL,
        company_id int NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        response jsonb,
        PRIMARY KEY (token_id, key)
      )`);
    await runner.query(`CREATE INDEX api_idempotency_created_idx ON conversations.api_idempotency (created_at)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE IF EXISTS conversations.api_idempotency`);
    await runner.query(`DROP TABLE IF EXISTS conversations.api_tokens`);
    await runner.query(`ALTER TABLE conversations.plan_limits DROP COLUMN IF EXISTS use_external_api`);
  }
}
