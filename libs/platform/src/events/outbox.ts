import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { EventDefinition, EventEnvelope, EventPayload } from '@app/contracts';

export interface NewEvent<D extends EventDefinition> {
  definition: D;
  /** Null for platform-wide events (a plan changed, an announcement for everyone). */
  companyId: number | null;
  /** Events with one key keep their order: use the aggregate's id (user id, ticket id, connection id). */
  key: string | number;
  payload: EventPayload<D>;
}

export const outboxChannel = (schema: string) => `outbox_${schema}`;

/**
 * Writes events into the service's outbox inside the caller's transaction, so a state change and
 * its events commit or roll back together. The relay publishes them afterwards.
 */
export class OutboxWriter {
  constructor(private readonly schema: string) {}

  async add<D extends EventDefinition>(manager: EntityManager, event: NewEvent<D>): Promise<EventEnvelope> {
    if (!manager.queryRunner?.isTransactionActive) {
      throw new Error('OutboxWriter.add must run inside the transaction that changes the state');
    }
    const envelope: EventEnvelope = {
      id: randomUUID(),
      type: event.definition.type,
      version: event.definition.version,
      companyId: event.companyId,
      key: String(event.key),
      occurredAt: new Date().toISOString(),
      payload: event.definition.payload.parse(event.payload),
    };
    // The notification is delivered on commit only; it wakes the relay without waiting for its next
    // poll. One statement for both: a round trip per event counts under load.
    await manager.query(
      `WITH added AS (
         INSERT INTO "${this.schema}".outbox (event_id, topic, key, type, envelope) VALUES ($1, $2, $3, $4, $5) RETURNING 1
       ) SELECT pg_notify($6, '') FROM added`,
      [envelope.id, event.definition.topic, envelope.key, envelope.type, JSON.stringify(envelope), outboxChannel(this.schema)],
    );
    return envelope;
  }
}
