import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The partner API's accepted sends (decision 0051, "Accepting a send"): one row per accepted
 * POST /messages/send, written by a single statement that also claims its Idempotency-Key, holding
 * the message ids reserved for it; the inbox's path (contact, ticket, message, command) runs after,
 * in the transaction that settles the row. It replaces api_idempotency: the key is the row's.
 * company_plans.active carries the company's status, so an inactive company's tokens stop.
 * api_token_rates: each token's requests per rate window, summed over the processes.
 */
export class PartnerApiSends1764000002700 implements MigrationInterface {
  name = 'PartnerApiSends1764000002700';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE conversations.api_sends (
        id bigserial PRIMARY KEY,
        token_id int NOT NULL REFERENCES conversations.api_tokens (id) ON DELETE CASCADE,
        company_id int NOT NULL,
        idempotency_key text,
        number text NOT NULL,
        body text NOT NULL,
        medias jsonb NOT NULL DEFAULT '[]',
        message_ids int[] NOT NULL,
        state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'sent', 'failed')),
        ticket_id int,
        error text,
        accepted_at timestamptz NOT NULL DEFAULT now(),
        settled_at timestamptz
      )`);
    await runner.query(
      `CREATE UNIQUE INDEX api_sends_key_idx ON conversations.api_sends (token_id, idempotency_key) WHERE idempotency_key IS NOT NULL`,
    );
    await runner.query(`CREATE INDEX api_sends_queued_idx ON conversations.api_sends (id) WHERE state = 'queued'`);
    await runner.query(`CREATE INDEX api_sends_messages_idx ON conversations.api_sends USING gin (message_ids)`);
    await runner.query(`CREATE INDEX api_sends_accepted_idx ON conversations.api_sends (accepted_at)`);
    await runner.query(`DROP TABLE conversations.api_idempotency`);
    await runner.query(`ALTER TABLE conversations.company_plans ADD COLUMN active boolean NOT NULL DEFAULT true`);
    await runner.query(`
      CREATE TABLE conversations.api_token_rates (
        token_id int NOT NULL,
        window_index bigint NOT NULL,
        used int NOT NULL,
        PRIMARY KEY (token_id, window_index)
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE IF EXISTS conversations.api_token_rates`);
    await runner.query(`ALTER TABLE conversations.company_plans DROP COLUMN IF EXISTS active`);
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
    await runner.query(`DROP TABLE IF EXISTS conversations.api_sends`);
  }
}
