import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ConversationsInitial1732500000000 implements MigrationInterface {
  name = 'ConversationsInitial1732500000000';

  async up(runner: QueryRunner): Promise<void> {
    // ---- projections of other services' facts ------------------------------------------------
    await runner.query(`
      CREATE TABLE conversations.users (
        id int PRIMARY KEY,
        company_id int NOT NULL,
        name text NOT NULL,
        profile text NOT NULL,
        super boolean NOT NULL DEFAULT false,
        all_ticket text NOT NULL DEFAULT 'desabled',
        queue_ids int[] NOT NULL DEFAULT '{}',
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX users_company_idx ON conversations.users (company_id)`);
    await runner.query(`
      CREATE TABLE conversations.connections (
        id int PRIMARY KEY,
        company_id int NOT NULL,
        name text NOT NULL,
        status text NOT NULL,
        is_default boolean NOT NULL DEFAULT false,
        queue_ids int[] NOT NULL DEFAULT '{}',
        greeting_message text NOT NULL DEFAULT '',
        complation_message text NOT NULL DEFAULT '',
        out_of_hours_message text NOT NULL DEFAULT '',
        rating_message text NOT NULL DEFAULT '',
        expires_inactive_message text NOT NULL DEFAULT '',
        expires_ticket int NOT NULL DEFAULT 0,
        time_to_transfer int,
        transfer_queue_id int,
        max_use_bot_queues int NOT NULL DEFAULT 3,
        time_use_bot_queues int NOT NULL DEFAULT 0,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX connections_company_idx ON conversations.connections (company_id)`);
    await runner.query(`
      CREATE TABLE conversations.settings (
        company_id int NOT NULL,
        key text NOT NULL,
        value text NOT NULL,
        PRIMARY KEY (company_id, key)
      )`);
    await runner.query(`
      CREATE TABLE conversations.company_plans (
        company_id int PRIMARY KEY,
        plan_id int NOT NULL,
        schedules jsonb NOT NULL DEFAULT '[]'
      )`);
    await runner.query(`CREATE TABLE conversations.plan_limits (plan_id int PRIMARY KEY, queues int NOT NULL)`);

    // ---- the service's own data ----------------------------------------------------------------
    await runner.query(`
      CREATE TABLE conversations.contacts (
        id serial PRIMARY KEY,
        uuid uuid NOT NULL UNIQUE,
        company_id int NOT NULL,
        name text NOT NULL,
        number text,
        lid text,
        email text NOT NULL DEFAULT '',
        profile_pic_url text NOT NULL DEFAULT '',
        active boolean NOT NULL DEFAULT true,
        is_group boolean NOT NULL DEFAULT false,
        whatsapp_id int,
        extra_info jsonb NOT NULL DEFAULT '[]',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT contacts_number_unique UNIQUE (company_id, number)
      )`);
    await runner.query(`CREATE UNIQUE INDEX contacts_lid_unique ON conversations.contacts (company_id, lid) WHERE lid IS NOT NULL`);
    await runner.query(`CREATE INDEX contacts_company_name_idx ON conversations.contacts (company_id, lower(name), id)`);

    await runner.query(`
      CREATE TABLE conversations.queues (
        id serial PRIMARY KEY,
        company_id int NOT NULL,
        name text NOT NULL,
        color text NOT NULL,
        greeting_message text NOT NULL DEFAULT '',
        complation_message text NOT NULL DEFAULT '',
        out_of_hours_message text NOT NULL DEFAULT '',
        rating_message text NOT NULL DEFAULT '',
        order_queue int,
        integration_id int,
        agent_id int,
        prompt_id int,
        media_path text,
        media_name text,
        schedules jsonb NOT NULL DEFAULT '[]',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT queues_name_unique UNIQUE (company_id, name),
        CONSTRAINT queues_color_unique UNIQUE (company_id, color)
      )`);

    await runner.query(`
      CREATE TABLE conversations.tags (
        id serial PRIMARY KEY,
        company_id int NOT NULL,
        name text NOT NULL,
        color text NOT NULL,
        kanban int NOT NULL DEFAULT 0 CHECK (kanban IN (0, 1)),
        user_id int,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT tags_name_unique UNIQUE (company_id, name)
      )`);

    await runner.query(`
      CREATE TABLE conversations.tickets (
        id serial PRIMARY KEY,
        uuid uuid NOT NULL UNIQUE,
        company_id int NOT NULL,
        contact_id int NOT NULL REFERENCES conversations.contacts (id) ON DELETE CASCADE,
        whatsapp_id int NOT NULL,
        status text NOT NULL CHECK (status IN ('pending', 'open', 'closed')),
        user_id int,
        queue_id int REFERENCES conversations.queues (id) ON DELETE SET NULL,
        last_message text NOT NULL DEFAULT '',
        unread_messages int NOT NULL DEFAULT 0,
        is_group boolean NOT NULL DEFAULT false,
        chatbot boolean NOT NULL DEFAULT false,
        use_integration boolean NOT NULL DEFAULT false,
        prompt_id int,
        integration_id int,
        queue_option_attempts int NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // One ticket not yet closed per contact and connection, held by the database: inbound messages
    // upsert against this index, so concurrent deliveries on any number of replicas find one ticket.
    await runner.query(`
      CREATE UNIQUE INDEX tickets_one_live_per_contact ON conversations.tickets (company_id, contact_id, whatsapp_id)
      WHERE status <> 'closed'`);
    // The ticket list: by status and recency, narrowed by queue or by assignee.
    await runner.query(`CREATE INDEX tickets_list_idx ON conversations.tickets (company_id, status, updated_at DESC, id DESC)`);
    await runner.query(`CREATE INDEX tickets_queue_idx ON conversations.tickets (company_id, queue_id, status, updated_at DESC, id DESC)`);
    await runner.query(`CREATE INDEX tickets_user_idx ON conversations.tickets (company_id, user_id, status, updated_at DESC, id DESC)`);
    await runner.query(`CREATE INDEX tickets_recent_idx ON conversations.tickets (company_id, updated_at DESC, id DESC)`);
    await runner.query(`CREATE INDEX tickets_unread_idx ON conversations.tickets (company_id, updated_at DESC) WHERE unread_messages > 0`);
    await runner.query(`CREATE INDEX tickets_contact_idx ON conversations.tickets (contact_id, whatsapp_id)`);

    await runner.query(`
      CREATE TABLE conversations.ticket_tags (
        ticket_id int NOT NULL REFERENCES conversations.tickets (id) ON DELETE CASCADE,
        tag_id int NOT NULL REFERENCES conversations.tags (id) ON DELETE CASCADE,
        PRIMARY KEY (ticket_id, tag_id)
      )`);
    await runner.query(`CREATE INDEX ticket_tags_tag_idx ON conversations.ticket_tags (tag_id, ticket_id)`);

    await runner.query(`
      CREATE TABLE conversations.messages (
        id serial PRIMARY KEY,
        company_id int NOT NULL,
        ticket_id int NOT NULL REFERENCES conversations.tickets (id) ON DELETE CASCADE,
        contact_id int,
        whatsapp_id int NOT NULL,
        wid text,
        command_id uuid UNIQUE,
        body text NOT NULL DEFAULT '',
        from_me boolean NOT NULL,
        media_type text NOT NULL DEFAULT 'chat',
        media_url text,
        file_name text,
        quoted_msg_id int REFERENCES conversations.messages (id) ON DELETE SET NULL,
        ack int NOT NULL DEFAULT 0,
        read boolean NOT NULL DEFAULT false,
        is_deleted boolean NOT NULL DEFAULT false,
        is_edited boolean NOT NULL DEFAULT false,
        is_forwarded boolean NOT NULL DEFAULT false,
        send_error text,
        reactions jsonb NOT NULL DEFAULT '[]',
        queue_id int,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT messages_wid_unique UNIQUE (whatsapp_id, wid)
      )`);
    // A conversation's page: every ticket of the contact on the connection, newest first.
    await runner.query(
      `CREATE INDEX messages_conversation_idx ON conversations.messages (company_id, contact_id, whatsapp_id, created_at DESC, id DESC)`,
    );
    await runner.query(`CREATE INDEX messages_ticket_idx ON conversations.messages (ticket_id, created_at DESC, id DESC)`);

    await runner.query(`
      CREATE TABLE conversations.ticket_notes (
        id serial PRIMARY KEY,
        company_id int NOT NULL,
        note text NOT NULL,
        user_id int,
        ticket_id int REFERENCES conversations.tickets (id) ON DELETE SET NULL,
        contact_id int NOT NULL REFERENCES conversations.contacts (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX ticket_notes_contact_idx ON conversations.ticket_notes (company_id, contact_id, created_at DESC)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of [
      'ticket_notes',
      'messages',
      'ticket_tags',
      'tickets',
      'tags',
      'queues',
      'contacts',
      'plan_limits',
      'company_plans',
      'settings',
      'connections',
      'users',
    ]) {
      await runner.query(`DROP TABLE IF EXISTS conversations.${table}`);
    }
  }
}
