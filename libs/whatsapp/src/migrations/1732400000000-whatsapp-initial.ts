import type { MigrationInterface, QueryRunner } from 'typeorm';

export class WhatsappInitial1732400000000 implements MigrationInterface {
  name = 'WhatsappInitial1732400000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE whatsapp.connections (
        id serial PRIMARY KEY,
        company_id int NOT NULL,
        name text NOT NULL CHECK (char_length(name) BETWEEN 2 AND 50),
        status text NOT NULL DEFAULT 'OPENING'
          CHECK (status IN ('CONNECTED', 'qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING')),
        number text NOT NULL DEFAULT '',
        is_default boolean NOT NULL DEFAULT false,
        qrcode text NOT NULL DEFAULT '',
        qrcode_image text NOT NULL DEFAULT '',
        retries int NOT NULL DEFAULT 0,
        queue_ids int[] NOT NULL DEFAULT '{}',
        transfer_queue_id int,
        prompt_id int,
        greeting_message text NOT NULL DEFAULT '',
        complation_message text NOT NULL DEFAULT '',
        out_of_hours_message text NOT NULL DEFAULT '',
        rating_message text NOT NULL DEFAULT '',
        token text NOT NULL DEFAULT '',
        provider text NOT NULL DEFAULT 'beta' CHECK (provider IN ('beta', 'simulator')),
        expires_inactive_message text NOT NULL DEFAULT '',
        expires_ticket int NOT NULL DEFAULT 0,
        time_use_bot_queues int NOT NULL DEFAULT 0,
        max_use_bot_queues int NOT NULL DEFAULT 3,
        active_transcribe boolean NOT NULL DEFAULT false,
        timeresume text,
        transcribe boolean NOT NULL DEFAULT false,
        transcribeme boolean NOT NULL DEFAULT false,
        transcribekey text NOT NULL DEFAULT '',
        transcribeprovider text NOT NULL DEFAULT 'openai' CHECK (transcribeprovider IN ('openai', 'deepgram', 'assemblyai')),
        sendme boolean NOT NULL DEFAULT false,
        timeforagroup int NOT NULL DEFAULT 5,
        proxy_url text NOT NULL DEFAULT '',
        time_to_transfer int,
        api1_medias jsonb NOT NULL DEFAULT '[]',
        api2_medias jsonb NOT NULL DEFAULT '[]',
        api3_medias jsonb NOT NULL DEFAULT '[]',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX connections_company_idx ON whatsapp.connections (company_id, id)`);
    // One default connection per company, held by the database as well as by the service.
    await runner.query(`CREATE UNIQUE INDEX connections_one_default_idx ON whatsapp.connections (company_id) WHERE is_default`);

    // The plan limits of each company, projected from identity's events.
    await runner.query(`
      CREATE TABLE whatsapp.company_plans (
        company_id int PRIMARY KEY,
        plan_id int NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      CREATE TABLE whatsapp.plan_limits (
        plan_id int PRIMARY KEY,
        connections int NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    // Exactly one live session per connection in the cluster: whoever holds the lease runs it; every
    // write of its auth state carries the lease's fencing token.
    await runner.query(`
      CREATE TABLE whatsapp.session_leases (
        connection_id int PRIMARY KEY,
        owner text NOT NULL,
        token bigint NOT NULL,
        expires_at timestamptz NOT NULL
      )`);

    // Auth state (Baileys creds and signal keys, or the simulator's pairing), serialised with BufferJSON.
    await runner.query(`
      CREATE TABLE whatsapp.auth_creds (
        connection_id int PRIMARY KEY,
        creds text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      CREATE TABLE whatsapp.auth_keys (
        connection_id int NOT NULL,
        type text NOT NULL,
        id text NOT NULL,
        value text NOT NULL,
        PRIMARY KEY (connection_id, type, id)
      )`);
    await runner.query(`
      CREATE TABLE whatsapp.lid_mappings (
        connection_id int NOT NULL,
        lid text NOT NULL,
        pn text NOT NULL,
        PRIMARY KEY (connection_id, lid)
      )`);

    // Every message id seen per connection: a redelivered or replayed message yields one event.
    await runner.query(`
      CREATE TABLE whatsapp.inbound_messages (
        connection_id int NOT NULL,
        wa_message_id text NOT NULL,
        from_me boolean NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT inbound_messages_unique UNIQUE (connection_id, wa_message_id)
      )`);
    await runner.query(`
      CREATE TABLE whatsapp.message_acks (
        connection_id int NOT NULL,
        wa_message_id text NOT NULL,
        ack smallint NOT NULL CHECK (ack BETWEEN 0 AND 5),
        PRIMARY KEY (connection_id, wa_message_id)
      )`);

    // Sends: recorded before they are carried out, in command order per connection.
    await runner.query(`
      CREATE TABLE whatsapp.send_intents (
        id bigserial PRIMARY KEY,
        command_id uuid NOT NULL UNIQUE,
        connection_id int NOT NULL,
        company_id int NOT NULL,
        wa_message_id text NOT NULL,
        command jsonb NOT NULL,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
        attempts int NOT NULL DEFAULT 0,
        error text,
        sent_message text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(
      `CREATE INDEX send_intents_open_idx ON whatsapp.send_intents (connection_id, id) WHERE status IN ('pending', 'sending')`,
    );
    await runner.query(`CREATE INDEX send_intents_message_idx ON whatsapp.send_intents (connection_id, wa_message_id)`);

    // The simulator's fake phone: what it received from the company, with the acks it reported.
    await runner.query(`
      CREATE TABLE whatsapp.simulator_outbound (
        connection_id int NOT NULL,
        wa_message_id text NOT NULL,
        company_id int NOT NULL,
        to_number text NOT NULL,
        body text NOT NULL DEFAULT '',
        media_type text,
        media_url text,
        file_name text,
        quoted_id text,
        ack smallint NOT NULL DEFAULT 1,
        sent_at timestamptz NOT NULL DEFAULT now(),
        seq bigserial,
        PRIMARY KEY (connection_id, wa_message_id)
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of [
      'simulator_outbound',
      'send_intents',
      'message_acks',
      'inbound_messages',
      'lid_mappings',
      'auth_keys',
      'auth_creds',
      'session_leases',
      'plan_limits',
      'company_plans',
      'connections',
    ]) {
      await runner.query(`DROP TABLE whatsapp.${table}`);
    }
  }
}
