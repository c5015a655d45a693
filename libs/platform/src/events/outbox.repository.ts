import type { EventEnvelope } from '@app/contracts';
import { Client } from 'pg';
import type { DataSource, EntityManager } from 'typeorm';

import { changedRows } from '../database/changed-rows';
import { prepared } from '../database/prepared';

export const outboxChannel = (schema: string) => `outbox_${schema}`;

export interface OutboxRow {
  id: string;
  topic: string;
  key: string;
  type: string;
  event_id: string;
  /** The envelope as stored: JSON text, passed on unparsed. */
  json: string;
}

/**
 * A service's outbox table (`<schema>.outbox`): written by OutboxWriter inside the caller's
 * transaction, read and deleted by OutboxRelay. The relay's statements need the service's DataSource;
 * a writer-only repository (migrations, tests) is made without one.
 */
export class OutboxRepository {
  constructor(
    private readonly schema: string,
    private readonly dataSource?: DataSource,
  ) {}

  private get source(): DataSource {
    if (!this.dataSource) throw new Error(`the outbox repository of ${this.schema} was made without a DataSource`);
    return this.dataSource;
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.source.transaction(work);
  }

  /** Whether the manager runs inside a transaction (an outbox row is only written inside the state change's). */
  inTransaction(manager: EntityManager): boolean {
    return manager.queryRunner?.isTransactionActive === true;
  }

  /**
   * Adds the events in one statement. The notification (one per statement; PostgreSQL folds equal ones
   * of a transaction into one) is delivered on commit only and wakes the relay without waiting for its
   * next poll.
   */
  async insert(manager: EntityManager, events: { topic: string; envelope: EventEnvelope }[]): Promise<void> {
    if (events.length === 0) return;
    await manager.query(
      prepared(`WITH added AS (
         INSERT INTO "${this.schema}".outbox (event_id, topic, key, type, envelope)
         SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::json[]) RETURNING 1
       ) SELECT pg_notify($6, '') FROM (SELECT 1 FROM added LIMIT 1) AS one`),
      [
        events.map((event) => event.envelope.id),
        events.map((event) => event.topic),
        events.map((event) => event.envelope.key),
        events.map((event) => event.envelope.type),
        events.map((event) => JSON.stringify(event.envelope)),
        outboxChannel(this.schema),
      ],
    );
  }

  /**
   * Takes the oldest rows for the rest of the transaction and deletes them, in one statement: nothing
   * when another relay holds the outbox's advisory lock; rows another transaction holds are skipped.
   * The caller publishes them before it commits (a failure rolls the delete back). In id order.
   */
  async claim(manager: EntityManager, limit: number): Promise<OutboxRow[]> {
    const rows: OutboxRow[] = await manager.query(
      prepared(`DELETE FROM "${this.schema}".outbox
        WHERE id IN (
          SELECT id FROM "${this.schema}".outbox
           WHERE pg_try_advisory_xact_lock(hashtext($2))
           ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
        RETURNING id, topic, key, type, event_id, envelope::text AS json`),
      [limit, `outbox:${this.schema}`],
    );
    return changedRows<OutboxRow>(rows).sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
  }

  /**
   * A connection of its own that LISTENs to the outbox's notifications; undefined when the
   * DataSource has no URL to open one with (the relay then only polls).
   */
  async listen(onNotification: () => void, onError: (error: Error) => void): Promise<Client | undefined> {
    const { url } = this.source.options as { url?: string };
    if (!url) return undefined;
    const client = new Client({ connectionString: url });
    client.on('notification', onNotification);
    client.on('error', onError);
    await client.connect();
    await client.query(`LISTEN ${outboxChannel(this.schema)}`);
    return client;
  }
}
