import type { EventEnvelope } from '@app/contracts';
import type { Client } from 'pg';
import type { DataSource, EntityManager } from 'typeorm';

import { listenOn } from '../database/listener';
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
    // One JSON text rather than five arrays: pg escapes every element of a json[] in JavaScript, which
    // held the event loop for tens of milliseconds on a sheet import's thousands of events.
    await manager.query(
      prepared(`WITH added AS (
         INSERT INTO "${this.schema}".outbox (event_id, topic, key, type, envelope)
         SELECT (e->>0)::uuid, e->>1, e->>2, e->>3, e->4 FROM json_array_elements($1::json) AS e RETURNING 1
       ) SELECT pg_notify($2, '') FROM (SELECT 1 FROM added LIMIT 1) AS one`),
      [
        JSON.stringify(events.map((event) => [event.envelope.id, event.topic, event.envelope.key, event.envelope.type, event.envelope])),
        outboxChannel(this.schema),
      ],
    );
  }

  /**
   * The insert of `insert` as part of a statement of the caller's, for a change that is one statement
   * and needs no transaction: CTEs adding the rows whose gate value the statement's `gatedBy` query
   * yields (the ids its own insert took, say), in their order, and notifying the relay. The statement's
   * final SELECT must read `notify` (an expression to add to its select list) or the notification is
   * never sent. Parameters are numbered from `firstParam`.
   */
  insertPart(
    events: { topic: string; envelope: EventEnvelope; gate: string }[],
    firstParam: number,
    gatedBy: string,
  ): { ctes: string; notify: string; params: unknown[] } {
    const $ = (offset: number) => `$${firstParam + offset}`;
    return {
      ctes: `outbox_added AS (
         INSERT INTO "${this.schema}".outbox (event_id, topic, key, type, envelope)
         SELECT e.event_id, e.topic, e.key, e.type, e.envelope
           FROM unnest(${$(0)}::uuid[], ${$(1)}::text[], ${$(2)}::text[], ${$(3)}::text[], ${$(4)}::json[], ${$(5)}::text[])
                WITH ORDINALITY AS e(event_id, topic, key, type, envelope, gate, ord)
          WHERE e.gate IN (${gatedBy}) ORDER BY e.ord RETURNING 1
       ), outbox_notified AS (
         SELECT pg_notify(${$(6)}, '') FROM (SELECT 1 FROM outbox_added LIMIT 1) AS one
       )`,
      notify: `(SELECT count(*) FROM outbox_notified)`,
      params: [
        events.map((event) => event.envelope.id),
        events.map((event) => event.topic),
        events.map((event) => event.envelope.key),
        events.map((event) => event.envelope.type),
        events.map((event) => JSON.stringify(event.envelope)),
        events.map((event) => event.gate),
        outboxChannel(this.schema),
      ],
    };
  }

  /**
   * Makes `client` (the relay's own connection) the outbox's only publisher while it stays open: a
   * session lock, released by PostgreSQL when the connection closes or its process dies. False when
   * another relay holds it.
   */
  async lead(client: Client): Promise<boolean> {
    const { rows } = await client.query<{ leads: boolean }>(`SELECT pg_try_advisory_lock(hashtext($1)) AS leads`, [
      `outbox:${this.schema}`,
    ]);
    return rows[0]?.leads === true;
  }

  /**
   * One statement a round, on the leading relay's connection: deletes the rows the previous round
   * published and reads the oldest of the rest, in id order. A publish that fails, or a relay that
   * dies, leaves its rows to be published again (consumers are idempotent); no transaction is held
   * while the transport publishes.
   */
  async next(client: Client, published: string[], limit: number): Promise<OutboxRow[]> {
    const { rows } = await client.query<OutboxRow>({
      name: `outbox_next_${this.schema}`,
      text: `WITH gone AS (DELETE FROM "${this.schema}".outbox WHERE id = ANY($1::bigint[]))
        SELECT id, topic, key, type, event_id, envelope::text AS json FROM "${this.schema}".outbox
         WHERE NOT (id = ANY($1::bigint[])) ORDER BY id LIMIT $2`,
      values: [published, limit],
    });
    return rows;
  }

  /** Deletes what the last round published, when the relay stops. */
  async forget(client: Client, published: string[]): Promise<void> {
    if (published.length > 0) await client.query(`DELETE FROM "${this.schema}".outbox WHERE id = ANY($1::bigint[])`, [published]);
  }

  /** The relay's own connection, LISTENing to the outbox's notifications. */
  async listen(onNotification: () => void, onError: (error: Error) => void): Promise<Client> {
    // A leader whose host vanished keeps its lock until the server notices: within about 25 s (listenOn's keepalives).
    const client = await listenOn(this.source, outboxChannel(this.schema), `outbox-relay:${this.schema}`, onNotification, onError);
    if (!client) throw new Error(`the outbox relay of ${this.schema} needs a DataSource opened with a URL`);
    return client;
  }
}
