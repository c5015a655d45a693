import { randomUUID } from 'node:crypto';

import type { EventDefinition, EventEnvelope, EventPayload } from '@app/contracts';
import type { EntityManager } from 'typeorm';

import { OutboxRepository } from './outbox.repository';

export { outboxChannel } from './outbox.repository';

export interface NewEvent<D extends EventDefinition> {
  definition: D;
  /** Null for platform-wide events (a plan changed, an announcement for everyone). */
  companyId: number | null;
  /** Events with one key keep their order: use the aggregate's id (user id, ticket id, connection id). */
  key: string | number;
  payload: EventPayload<D>;
}

/**
 * Writes events into the service's outbox inside the caller's transaction, so a state change and
 * its events commit or roll back together. The relay publishes them afterwards.
 */
export class OutboxWriter {
  private readonly rows: OutboxRepository;

  constructor(schema: string) {
    this.rows = new OutboxRepository(schema);
  }

  async add<D extends EventDefinition>(manager: EntityManager, event: NewEvent<D>): Promise<EventEnvelope> {
    if (!this.rows.inTransaction(manager)) {
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
    await this.rows.insert(manager, event.definition.topic, envelope);
    return envelope;
  }
}
