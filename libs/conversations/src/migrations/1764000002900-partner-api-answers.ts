import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The partner API beyond sending (issue 26, decision 0051): api_answers holds the first answer of each
 * Idempotency-Key of the routes that create something elsewhere (a scheduled message, an appointment:
 * outbound books them), claimed before the call (state 'pending') and answered after ('done'), so a
 * repeat within 24 hours gets that answer and books nothing more. plan_limits.use_schedules is the plan
 * flag those routes need, kept from identity's plan events as use_external_api is.
 */
export class PartnerApiAnswers1764000002900 implements MigrationInterface {
  name = 'PartnerApiAnswers1764000002900';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE conversations.api_answers (
        token_id int NOT NULL REFERENCES conversations.api_tokens (id) ON DELETE CASCADE,
        operation text NOT NULL,
        idempotency_key text NOT NULL,
        company_id int NOT NULL,
        state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'done')),
        status int,
        response jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (token_id, operation, idempotency_key)
      )`);
    await runner.query(`CREATE INDEX api_answers_created_idx ON conversations.api_answers (created_at)`);
    await runner.query(`ALTER TABLE conversations.plan_limits ADD COLUMN use_schedules boolean NOT NULL DEFAULT false`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE conversations.plan_limits DROP COLUMN IF EXISTS use_schedules`);
    await runner.query(`DROP TABLE IF EXISTS conversations.api_answers`);
  }
}
