import type { EventEnvelope } from '@app/contracts';
import { Client } from 'pg';
import type { DataSource, EntityManager } from 'typeorm';

export const outboxChannel = (schema: string) => `outbox_${schema}`;

export interface OutboxRow {
  id: string;
  topic: string;
  key: string;
  envelope: EventEnvelope;
}

/**
 * A service's outbox table (`<schema>.outbox`): written by OutboxWriter inside the caller's
 * transaction, read and marked by OutboxRelay. The relay's statements need the service's DataSource;
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
   * Adds the event. The notification is delivered on commit only; it wakes the relay without
   * waiting for its next poll. One statement for both: a round trip per event counts under load.
   */
  async insert(manager: EntityManager, topic: string, envelope: EventEnvelope): Promise<void> {
    await manager.query(
      `WITH added AS (
         INSERT INTO "${this.schema}".outbox (event_id, topic, key, type, envelope) VALUES ($1, $2, $3, $4, $5) RETURNING 1
       ) SELECT pg_notify($6, '') FROM added`,
      [envelope.id, topic, envelope.key, envelope.type, JSON.stringify(envelope), outboxChannel(this.schema)],
    );
  }

  /** The relay's lock for the rest of the transaction; false when another relay holds it. */
  async tryLock(manager: EntityManager): Promise<boolean> {
    const [{ locked }] = await manager.query('SELECT pg_try_advisory_xact_lock(hashtext($1)) AS locked', [`outbox:${this.schema}`]);
    return locked;
  }

  /** The oldest unpublished rows, locked for the transaction (rows another relay holds are skipped). */
  unpublished(manager: EntityManager, limit: number): Promise<OutboxRow[]> {
    return manager.query(
      `SELECT id, topic, key, envelope FROM "${this.schema}".outbox
        WHERE published_at IS NULL ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
      [limit],
    );
  }

  async markPublished(manager: EntityManager, ids: string[]): Promise<void> {
    await manager.query(`UPDATE "${this.schema}".outbox SET published_at = now() WHERE id = ANY($1::bigint[])`, [ids]);
  }

  async deletePublishedBefore(retentionMs: number): Promise<void> {
    await this.source.query(`DELETE FROM "${this.schema}".outbox WHERE published_at < now() - ($1::bigint * interval '1 millisecond')`, [
      retentionMs,
    ]);
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
