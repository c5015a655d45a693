import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The outbound service's schema (issue 14; timestamps 17325000014xx are this line of work's): the
 * connections it may send through and check numbers with (a projection of whatsapp's events), contact
 * lists and their items, file lists and their attachments, and the campaign settings of each company.
 */
export class OutboundInitial1732500001400 implements MigrationInterface {
  name = 'OutboundInitial1732500001400';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE outbound.connections (
        id int PRIMARY KEY,
        company_id int NOT NULL,
        name text NOT NULL,
        status text NOT NULL,
        is_default boolean NOT NULL DEFAULT false
      )`);
    await runner.query(`CREATE INDEX connections_company_idx ON outbound.connections (company_id)`);

    await runner.query(`
      CREATE TABLE outbound.contact_lists (
        id serial PRIMARY KEY,
        company_id int NOT NULL,
        name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX contact_lists_company_idx ON outbound.contact_lists (company_id, lower(name), id)`);

    // is_whatsapp_valid: null until checked; check_requested_at: a check of it is in flight since then.
    await runner.query(`
      CREATE TABLE outbound.contact_list_items (
        id serial PRIMARY KEY,
        company_id int NOT NULL,
        contact_list_id int NOT NULL REFERENCES outbound.contact_lists (id) ON DELETE CASCADE,
        name text NOT NULL,
        number text NOT NULL,
        email text NOT NULL DEFAULT '',
        fields jsonb NOT NULL DEFAULT '{}',
        is_whatsapp_valid boolean,
        whatsapp_number text,
        check_requested_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT contact_list_items_number_unique UNIQUE (contact_list_id, number)
      )`);
    await runner.query(`CREATE INDEX contact_list_items_list_idx ON outbound.contact_list_items (contact_list_id, lower(name), id)`);
    await runner.query(
      `CREATE INDEX contact_list_items_unchecked_idx ON outbound.contact_list_items (company_id, id) WHERE is_whatsapp_valid IS NULL`,
    );

    await runner.query(`
      CREATE TABLE outbound.file_lists (
        id serial PRIMARY KEY,
        company_id int NOT NULL,
        user_id int,
        name text NOT NULL,
        message text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX file_lists_company_idx ON outbound.file_lists (company_id, lower(name), id)`);
    await runner.query(`
      CREATE TABLE outbound.file_list_options (
        id serial PRIMARY KEY,
        file_list_id int NOT NULL REFERENCES outbound.file_lists (id) ON DELETE CASCADE,
        name text NOT NULL,
        path text,
        media_type text,
        mimetype text,
        file_name text,
        position int NOT NULL DEFAULT 0
      )`);
    await runner.query(`CREATE INDEX file_list_options_list_idx ON outbound.file_list_options (file_list_id, position, id)`);

    // The spec's key/value records whose values are JSON.
    await runner.query(`
      CREATE TABLE outbound.campaign_settings (
        company_id int NOT NULL,
        key text NOT NULL,
        value text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (company_id, key)
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of ['campaign_settings', 'file_list_options', 'file_lists', 'contact_list_items', 'contact_lists', 'connections']) {
      await runner.query(`DROP TABLE IF EXISTS outbound.${table}`);
    }
  }
}
