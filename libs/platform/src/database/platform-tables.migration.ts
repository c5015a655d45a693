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
 * The outbox holds only what is still to publish: the relay deletes the rows it publishes, in the
 * transaction of the publish. Marking them published wrote each row a second time (a whole new
 * version, since the unpublished index names the column) and a cleanup deleted it later. Envelopes
 * are kept as the JSON text they were written as (`json`: nothing queries inside them, the relay
 * reads them back as text), inline and uncompressed up to a page: written once, read once and
 * deleted, they gain nothing from jsonb's parse or TOAST's compression. Event ids are random UUIDs
 * made by the writer; consumers deduplicate by them, so the table needs no unique index on them.
 */
export function leanOutboxMigration(schema: string): new () => MigrationInterface {
  const capitalised = `${schema[0].toUpperCase()}${schema.slice(1)}`;
  const name = schema.length >= 13 ? `PlatformLeanOutbox${capitalised}0000000000002` : `PlatformLeanOutbox0000000000002${capitalised}`;
  const migration = class implements MigrationInterface {
    name = name;

    async up(runner: QueryRunner): Promise<void> {
      await runner.query(`DELETE FROM "${schema}".outbox WHERE published_at IS NOT NULL`);
      await runner.query(`DROP INDEX "${schema}".outbox_unpublished_idx`);
      await runner.query(`ALTER TABLE "${schema}".outbox DROP CONSTRAINT outbox_event_id_key`);
      await runner.query(`ALTER TABLE "${schema}".outbox DROP COLUMN published_at`);
      await runner.query(`ALTER TABLE "${schema}".outbox ALTER COLUMN envelope TYPE json USING envelope::json`);
      await runner.query(`ALTER TABLE "${schema}".outbox SET (toast_tuple_target = 8160)`);
    }

    async down(runner: QueryRunner): Promise<void> {
      await runner.query(`ALTER TABLE "${schema}".outbox RESET (toast_tuple_target)`);
      await runner.query(`ALTER TABLE "${schema}".outbox ALTER COLUMN envelope TYPE jsonb USING envelope::jsonb`);
      await runner.query(`ALTER TABLE "${schema}".outbox ADD COLUMN published_at timestamptz`);
      await runner.query(`ALTER TABLE "${schema}".outbox ADD CONSTRAINT outbox_event_id_key UNIQUE (event_id)`);
      await runner.query(`CREATE INDEX outbox_unpublished_idx ON "${schema}".outbox (id) WHERE published_at IS NULL`);
    }
  };
  Object.defineProperty(migration, 'name', { value: name });
  return migration;
}
