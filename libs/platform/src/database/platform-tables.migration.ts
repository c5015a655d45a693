import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The tables every service schema carries for the event backbone: its outbox and the record of the
 * events its consumers have applied. Each service lists this first among its migrations.
 */
export function platformTablesMigration(schema: string): new () => MigrationInterface {
  const capitalised = `${schema[0].toUpperCase()}${schema.slice(1)}`;
  // TypeORM reads the last 13 characters as the timestamp: a schema name that long (conversations)
  // needs the digits at the end; shorter ones keep the name their databases already recorded.
  const name = schema.length >= 13 ? `PlatformTables${capitalised}0000000000001` : `PlatformTables0000000000001${capitalised}`;
  const migration = class implements MigrationInterface {
    name = name;

    async up(runner: QueryRunner): Promise<void> {
      await runner.query(`
        CREATE TABLE "${schema}".outbox (
          id bigserial PRIMARY KEY,
          event_id uuid NOT NULL UNIQUE,
          topic text NOT NULL,
          key text NOT NULL,
          type text NOT NULL,
          envelope jsonb NOT NULL,
          created_at timestamptz NOT NULL DEFAULT now(),
          published_at timestamptz
        )`);
      await runner.query(`CREATE INDEX outbox_unpublished_idx ON "${schema}".outbox (id) WHERE published_at IS NULL`);
      await runner.query(`
        CREATE TABLE "${schema}".processed_events (
          consumer text NOT NULL,
          event_id uuid NOT NULL,
          processed_at timestamptz NOT NULL DEFAULT now(),
          PRIMARY KEY (consumer, event_id)
        )`);
    }

    async down(runner: QueryRunner): Promise<void> {
      await runner.query(`DROP TABLE "${schema}".processed_events`);
      await runner.query(`DROP TABLE "${schema}".outbox`);
    }
  };
  Object.defineProperty(migration, 'name', { value: name });
  return migration;
}

/**
 * The outbox keeps each envelope as the JSON text it was written as (`json`, not `jsonb`: nothing
 * queries inside it on the hot path, and the relay reads it back as text), inline and uncompressed
 * up to a page: an event is written once, read once and deleted, so parsing it into jsonb, compressing
 * it or moving it to the TOAST table only costs.
 */
export function outboxPlainJsonMigration(schema: string): new () => MigrationInterface {
  const capitalised = `${schema[0].toUpperCase()}${schema.slice(1)}`;
  const name = schema.length >= 13 ? `PlatformOutboxJson${capitalised}0000000000002` : `PlatformOutboxJson0000000000002${capitalised}`;
  const migration = class implements MigrationInterface {
    name = name;

    async up(runner: QueryRunner): Promise<void> {
      await runner.query(`ALTER TABLE "${schema}".outbox ALTER COLUMN envelope TYPE json USING envelope::json`);
      await runner.query(`ALTER TABLE "${schema}".outbox SET (toast_tuple_target = 8160)`);
    }

    async down(runner: QueryRunner): Promise<void> {
      await runner.query(`ALTER TABLE "${schema}".outbox RESET (toast_tuple_target)`);
      await runner.query(`ALTER TABLE "${schema}".outbox ALTER COLUMN envelope TYPE jsonb USING envelope::jsonb`);
    }
  };
  Object.defineProperty(migration, 'name', { value: name });
  return migration;
}
