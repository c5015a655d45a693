import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Schedules (issue 15; timestamps 17325000017xx): the contacts outbound books appointments for (a
 * projection of conversations' contact events), calendars, the settings with their time slots,
 * blocks, appointments, and one send row per message or reminder (what the dispatcher claims).
 */
export class Schedules1732500001700 implements MigrationInterface {
  name = 'Schedules1732500001700';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE outbound.contacts (
        id int PRIMARY KEY,
        company_id int NOT NULL,
        name text NOT NULL,
        number text NOT NULL,
        is_group boolean NOT NULL DEFAULT false
      )`);
    await runner.query(`CREATE INDEX contacts_company_idx ON outbound.contacts (company_id)`);

    await runner.query(`
      CREATE TABLE outbound.calendars (
        id serial PRIMARY KEY,
        company_id int NOT NULL,
        name text NOT NULL,
        description text,
        color text NOT NULL,
        is_default boolean NOT NULL DEFAULT false,
        is_active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX calendars_company_idx ON outbound.calendars (company_id)`);
    await runner.query(`CREATE UNIQUE INDEX calendars_one_default ON outbound.calendars (company_id) WHERE is_default`);

    await runner.query(`
      CREATE TABLE outbound.schedule_settings (
        id serial PRIMARY KEY,
        company_id int NOT NULL,
        calendar_id int REFERENCES outbound.calendars (id) ON DELETE CASCADE,
        allow_overlaps boolean NOT NULL,
        active_days int[] NOT NULL,
        work_hours_start text NOT NULL,
        work_hours_end text NOT NULL,
        time_zone text NOT NULL
      )`);
    await runner.query(`CREATE UNIQUE INDEX schedule_settings_scope ON outbound.schedule_settings (company_id, coalesce(calendar_id, 0))`);
    await runner.query(`
      CREATE TABLE outbound.schedule_time_slots (
        id serial PRIMARY KEY,
        settings_id int NOT NULL REFERENCES outbound.schedule_settings (id) ON DELETE CASCADE,
        day_of_week int NOT NULL CHECK (day_of_week BETWEEN 0 AND 6),
        enabled boolean NOT NULL,
        start_time text NOT NULL,
        end_time text NOT NULL
      )`);
    await runner.query(`CREATE INDEX schedule_time_slots_settings_idx ON outbound.schedule_time_slots (settings_id, day_of_week)`);

    await runner.query(`
      CREATE TABLE outbound.schedule_blocks (
        id serial PRIMARY KEY,
        company_id int NOT NULL,
        calendar_id int REFERENCES outbound.calendars (id) ON DELETE CASCADE,
        user_id int,
        title text NOT NULL,
        start_at timestamptz NOT NULL,
        end_at timestamptz NOT NULL CHECK (end_at > start_at),
        is_all_day boolean NOT NULL DEFAULT false,
        reason text,
        color text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX schedule_blocks_company_idx ON outbound.schedule_blocks (company_id, start_at)`);

    await runner.query(`
      CREATE TABLE outbound.schedules (
        id serial PRIMARY KEY,
        company_id int NOT NULL,
        contact_id int NOT NULL,
        user_id int,
        calendar_id int REFERENCES outbound.calendars (id) ON DELETE SET NULL,
        body text NOT NULL,
        send_at timestamptz NOT NULL,
        duration int NOT NULL CHECK (duration > 0),
        service_id int REFERENCES outbound.services (id) ON DELETE SET NULL,
        extra_info text,
        media_path text,
        media_name text,
        media_mimetype text,
        whatsapp_id int,
        reminder_1d boolean NOT NULL DEFAULT false,
        reminder_3h boolean NOT NULL DEFAULT false,
        reminder_1h boolean NOT NULL DEFAULT false,
        reminder_5m boolean NOT NULL DEFAULT false,
        status text NOT NULL DEFAULT 'PENDENTE',
        sent_at timestamptz,
        error_reason text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX schedules_company_send_idx ON outbound.schedules (company_id, send_at)`);
    await runner.query(`CREATE INDEX schedules_contact_idx ON outbound.schedules (company_id, contact_id)`);

    // One row per message or reminder to send; `generation` grows when a failed or moved appointment
    // is sent again, so that its command id (derived from id and generation) is new, while a
    // redelivered command of the same generation is the same command.
    await runner.query(`
      CREATE TABLE outbound.schedule_sends (
        id serial PRIMARY KEY,
        schedule_id int NOT NULL REFERENCES outbound.schedules (id) ON DELETE CASCADE,
        company_id int NOT NULL,
        kind text NOT NULL,
        due_at timestamptz NOT NULL,
        status text NOT NULL DEFAULT 'PENDENTE',
        generation int NOT NULL DEFAULT 1,
        command_id uuid,
        connection_id int,
        sent_at timestamptz,
        error_reason text,
        UNIQUE (schedule_id, kind)
      )`);
    await runner.query(`CREATE INDEX schedule_sends_due_idx ON outbound.schedule_sends (company_id, due_at) WHERE status = 'PENDENTE'`);
    await runner.query(`CREATE UNIQUE INDEX schedule_sends_command_idx ON outbound.schedule_sends (command_id)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of [
      'schedule_sends',
      'schedules',
      'schedule_blocks',
      'schedule_time_slots',
      'schedule_settings',
      'calendars',
      'contacts',
    ]) {
      await runner.query(`DROP TABLE IF EXISTS outbound.${table}`);
    }
  }
}
