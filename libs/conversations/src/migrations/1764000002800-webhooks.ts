import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Outbound webhooks (issue 26). webhook_endpoints: a company's receivers, the events each takes and
 * its signing secret (and the one before the last rotation, valid until previous_secret_until).
 * webhook_deliveries: the persisted queue, one row per (endpoint, event); `message_id` is the
 * webhook-id header, unique per endpoint so an event is never queued twice. A ticket's deliveries
 * to one endpoint go out in id order (ordering_key 'ticket:<id>'): only the oldest pending one of a
 * key is due. `locked_until` leases a row to the dispatcher sending it. webhook_ticket_states: the
 * last status seen of each ticket, to tell a ticket's creation and closing from its other updates.
 */
export class Webhooks1764000002800 implements MigrationInterface {
  name = 'Webhooks1764000002800';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE conversations.webhook_endpoints (
        id serial PRIMARY KEY,
        company_id int NOT NULL,
        url text NOT NULL,
        events text[] NOT NULL,
        description text NOT NULL DEFAULT '',
        enabled boolean NOT NULL DEFAULT true,
        secret text NOT NULL,
        previous_secret text,
        previous_secret_until timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX webhook_endpoints_company_idx ON conversations.webhook_endpoints (company_id)`);
    await runner.query(`
      CREATE TABLE conversations.webhook_deliveries (
        id bigserial PRIMARY KEY,
        company_id int NOT NULL,
        endpoint_id int NOT NULL REFERENCES conversations.webhook_endpoints (id) ON DELETE CASCADE,
        message_id text NOT NULL,
        event_type text NOT NULL,
        ordering_key text,
        payload jsonb NOT NULL,
        state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'dead')),
        attempts int NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        locked_until timestamptz,
        last_status int,
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        delivered_at timestamptz,
        UNIQUE (endpoint_id, message_id)
      )`);
    await runner.query(
      `CREATE INDEX webhook_deliveries_pending_idx ON conversations.webhook_deliveries (endpoint_id, ordering_key, id) WHERE state = 'pending'`,
    );
    await runner.query(`CREATE INDEX webhook_deliveries_company_idx ON conversations.webhook_deliveries (company_id, id DESC)`);
    await runner.query(
      `CREATE INDEX webhook_deliveries_settled_idx ON conversations.webhook_deliveries (created_at) WHERE state <> 'pending'`,
    );
    await runner.query(`
      CREATE TABLE conversations.webhook_ticket_states (
        ticket_id int PRIMARY KEY,
        company_id int NOT NULL,
        status text NOT NULL
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE IF EXISTS conversations.webhook_ticket_states`);
    await runner.query(`DROP TABLE IF EXISTS conversations.webhook_deliveries`);
    await runner.query(`DROP TABLE IF EXISTS conversations.webhook_endpoints`);
  }
}
