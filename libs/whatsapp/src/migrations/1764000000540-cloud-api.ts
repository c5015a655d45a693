import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CloudApi1764000000540 implements MigrationInterface {
  name = 'CloudApi1764000000540';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE whatsapp.connections DROP CONSTRAINT IF EXISTS connections_provider_check`);
    await runner.query(
      `ALTER TABLE whatsapp.connections ADD CONSTRAINT connections_provider_check CHECK (provider IN ('beta', 'simulator', 'cloud'))`,
    );
    // A Cloud API connection's account: secrets sealed (*_shown is the hint the API gives), the key of
    // its webhook URL, and what Meta said of the number at the last check.
    await runner.query(`
      CREATE TABLE whatsapp.cloud_accounts (
        connection_id int PRIMARY KEY,
        company_id int NOT NULL,
        phone_number_id text NOT NULL UNIQUE,
        waba_id text NOT NULL,
        access_token text NOT NULL,
        access_token_shown text NOT NULL,
        app_secret text NOT NULL,
        app_secret_shown text NOT NULL,
        verify_token text NOT NULL,
        verify_token_shown text NOT NULL,
        webhook_key uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
        display_phone_number text NOT NULL DEFAULT '',
        verified_name text NOT NULL DEFAULT '',
        quality_rating text NOT NULL DEFAULT '',
        messaging_tier text NOT NULL DEFAULT '',
        check_error text NOT NULL DEFAULT '',
        checked_at timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX cloud_accounts_company ON whatsapp.cloud_accounts (company_id)`);
    // Meta names each message it accepted (wamid); ours were named before the send (send_intents).
    await runner.query(`
      CREATE TABLE whatsapp.cloud_sent (
        connection_id int NOT NULL,
        wa_message_id text NOT NULL,
        wamid text NOT NULL,
        sent_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (connection_id, wa_message_id),
        UNIQUE (connection_id, wamid)
      )`);
    // The customer-service window: 24 hours from each contact's last message.
    await runner.query(`
      CREATE TABLE whatsapp.cloud_windows (
        connection_id int NOT NULL,
        wa_id text NOT NULL,
        last_inbound_at timestamptz NOT NULL,
        PRIMARY KEY (connection_id, wa_id)
      )`);
    // Webhook deliveries, stored before Meta gets its 200 and filed from here (deleted once filed).
    await runner.query(`
      CREATE TABLE whatsapp.cloud_webhook_inbox (
        id bigserial PRIMARY KEY,
        connection_id int NOT NULL,
        company_id int NOT NULL,
        body jsonb NOT NULL,
        claimed_until timestamptz NOT NULL DEFAULT '-infinity',
        received_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX cloud_webhook_inbox_connection ON whatsapp.cloud_webhook_inbox (connection_id, id)`);
    // Each status Meta reports once (a repeated webhook changes nothing twice).
    await runner.query(`
      CREATE TABLE whatsapp.cloud_statuses (
        connection_id int NOT NULL,
        wamid text NOT NULL,
        status text NOT NULL,
        PRIMARY KEY (connection_id, wamid, status)
      )`);
    // The conversations (or, under per-message pricing, the messages) Meta bills, by category.
    await runner.query(`
      CREATE TABLE whatsapp.cloud_billed (
        connection_id int NOT NULL,
        billing_id text NOT NULL,
        company_id int NOT NULL,
        category text NOT NULL,
        billable boolean NOT NULL,
        pricing_model text NOT NULL DEFAULT '',
        billed_at timestamptz NOT NULL,
        PRIMARY KEY (connection_id, billing_id)
      )`);
    await runner.query(`CREATE INDEX cloud_billed_company_month ON whatsapp.cloud_billed (company_id, billed_at)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of ['cloud_billed', 'cloud_statuses', 'cloud_webhook_inbox', 'cloud_windows', 'cloud_sent', 'cloud_accounts']) {
      await runner.query(`DROP TABLE IF EXISTS whatsapp.${table}`);
    }
    await runner.query(`ALTER TABLE whatsapp.connections DROP CONSTRAINT IF EXISTS connections_provider_check`);
    await runner.query(
      `ALTER TABLE whatsapp.connections ADD CONSTRAINT connections_provider_check CHECK (provider IN ('beta', 'simulator'))`,
    );
  }
}
