import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Campaigns (issue 14, second part; timestamps 17325000016xx are this line of work's): the campaigns,
 * one shipping record per (campaign, recipient), the send pace of each connection, and the small
 * projection of conversations' tickets, tags and contacts that a tag campaign sends to.
 */
export class Campaigns1732500001600 implements MigrationInterface {
  name = 'Campaigns1732500001600';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE outbound.campaigns (
        id serial PRIMARY KEY,
        company_id int NOT NULL,
        name text NOT NULL,
        status text NOT NULL DEFAULT 'INATIVA'
          CHECK (status IN ('INATIVA', 'PROGRAMADA', 'EM_ANDAMENTO', 'CANCELADA', 'FINALIZADA')),
        contact_list_id int REFERENCES outbound.contact_lists (id) ON DELETE SET NULL,
        tag_list_id int,
        file_list_id int REFERENCES outbound.file_lists (id) ON DELETE SET NULL,
        whatsapp_id int,
        whatsapp_id2 int,
        whatsapp_id3 int,
        whatsapp_id4 int,
        whatsapp_id5 int,
        scheduled_at timestamptz,
        start_hour int NOT NULL DEFAULT 0 CHECK (start_hour BETWEEN 0 AND 23),
        end_hour int NOT NULL DEFAULT 24 CHECK (end_hour BETWEEN 1 AND 24),
        allow_saturday boolean NOT NULL DEFAULT true,
        allow_sunday boolean NOT NULL DEFAULT true,
        confirmation boolean NOT NULL DEFAULT false,
        message1 text, message2 text, message3 text, message4 text, message5 text,
        confirmation_message1 text, confirmation_message2 text, confirmation_message3 text,
        confirmation_message4 text, confirmation_message5 text,
        media_path text,
        media_name text,
        media_mimetype text,
        started_at timestamptz,
        completed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX campaigns_company_idx ON outbound.campaigns (company_id, id DESC)`);

    // One record per recipient: unique per (campaign, recipient) so no contact is sent to twice.
    // phase: pending (to send) -> requested (commands written, answers awaited) -> delivered | failed,
    // or with confirmation: pending -> requested -> awaiting (the answer) -> confirmed -> requested -> delivered.
    // attempt: bumped when a send is given back (connection down) so the next commands get new ids.
    await runner.query(`
      CREATE TABLE outbound.campaign_shipping (
        id serial PRIMARY KEY,
        campaign_id int NOT NULL REFERENCES outbound.campaigns (id) ON DELETE CASCADE,
        company_id int NOT NULL,
        recipient_key text NOT NULL,
        contact_list_item_id int,
        contact_id int,
        name text NOT NULL,
        number text NOT NULL,
        email text NOT NULL DEFAULT '',
        whatsapp_id int NOT NULL,
        phase text NOT NULL DEFAULT 'pending'
          CHECK (phase IN ('pending', 'requested', 'awaiting', 'confirmed', 'delivered', 'failed')),
        stage text NOT NULL DEFAULT 'main' CHECK (stage IN ('confirmation', 'main')),
        attempt int NOT NULL DEFAULT 0,
        parts int NOT NULL DEFAULT 0,
        parts_sent int NOT NULL DEFAULT 0,
        requested_at timestamptz,
        confirmation_requested_at timestamptz,
        confirmed_at timestamptz,
        delivered_at timestamptz,
        failed_at timestamptz,
        failure_reason text,
        CONSTRAINT campaign_shipping_recipient_unique UNIQUE (campaign_id, recipient_key)
      )`);
    await runner.query(
      `CREATE INDEX campaign_shipping_sendable_idx ON outbound.campaign_shipping (whatsapp_id, id) WHERE phase IN ('pending', 'confirmed')`,
    );
    await runner.query(
      `CREATE INDEX campaign_shipping_in_flight_idx ON outbound.campaign_shipping (whatsapp_id) WHERE phase = 'requested'`,
    );
    await runner.query(
      `CREATE INDEX campaign_shipping_awaiting_idx ON outbound.campaign_shipping (whatsapp_id, number) WHERE phase = 'awaiting'`,
    );

    // The pace of each connection, shared by every campaign sending through it.
    await runner.query(`
      CREATE TABLE outbound.campaign_connections (
        connection_id int PRIMARY KEY,
        company_id int NOT NULL,
        next_at timestamptz NOT NULL DEFAULT now(),
        gap_ms int NOT NULL DEFAULT 0,
        sent_since_pause int NOT NULL DEFAULT 0,
        consecutive_failures int NOT NULL DEFAULT 0,
        paused_reason text CHECK (paused_reason IN ('disconnected', 'refused', 'missing')),
        paused_detail text,
        paused_at timestamptz
      )`);

    // What a tag campaign sends to: conversations' tickets (with their tags and contact) and contacts.
    await runner.query(`
      CREATE TABLE outbound.tags (
        id int PRIMARY KEY,
        company_id int NOT NULL,
        name text NOT NULL
      )`);
    await runner.query(`
      CREATE TABLE outbound.contacts (
        id int PRIMARY KEY,
        company_id int NOT NULL,
        name text NOT NULL,
        number text NOT NULL,
        email text NOT NULL DEFAULT '',
        is_group boolean NOT NULL DEFAULT false
      )`);
    await runner.query(`
      CREATE TABLE outbound.ticket_tags (
        ticket_id int PRIMARY KEY,
        company_id int NOT NULL,
        contact_id int NOT NULL,
        tag_ids int[] NOT NULL DEFAULT '{}'
      )`);
    await runner.query(`CREATE INDEX ticket_tags_tags_idx ON outbound.ticket_tags USING gin (tag_ids)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of ['ticket_tags', 'contacts', 'tags', 'campaign_connections', 'campaign_shipping', 'campaigns']) {
      await runner.query(`DROP TABLE IF EXISTS outbound.${table}`);
    }
  }
}
