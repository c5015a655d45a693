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

interface AloneGroup {
  rows: { topic: string; envelope: EventEnvelope }[];
  waiting: { resolve: () => void; reject: (error: unknown) => void }[];
  writing: boolean;
}

/**
 * Writes events into the service's outbox inside the caller's transaction, so a state change and
 * its events commit or roll back together. The relay publishes them afterwards.
 */
export class OutboxWriter {
  private readonly rows: OutboxRepository;

  /** addAlone's requests waiting for their statement, by the manager they are written through. */
  private readonly alone = new Map<EntityManager, AloneGroup>();

  constructor(schema: string) {
    this.rows = new OutboxRepository(schema);
  }

  async add<D extends EventDefinition>(manager: EntityManager, event: NewEvent<D>): Promise<EventEnvelope> {
    const [envelope] = await this.addAll(manager, [event]);
    return envelope!;
  }

  /**
   * An event that is the whole change (a request for another process to act, with no state of ours
   * changing): its one statement is atomic on its own, so it needs no transaction. Requests made while
   * one is being written are written together in the next statement (a group commit), so a burst of
   * them costs a few statements, not one each; each resolves once its row is stored.
   */
  addAlone<D extends EventDefinition>(manager: EntityManager, event: NewEvent<D>): Promise<EventEnvelope> {
    const [row] = this.envelopes([event]);
    let group = this.alone.get(manager);
    if (!group) this.alone.set(manager, (group = { rows: [], waiting: [], writing: false }));
    const stored = new Promise<EventEnvelope>((resolve, reject) => group.waiting.push({ resolve: () => resolve(row!.envelope), reject }));
    group.rows.push(row!);
    if (!group.writing) {
      group.writing = true;
      // Requests made in the same turn of the event loop (a burst) go in the first statement.
      queueMicrotask(() => void this.writeAlone(manager, group));
    }
    return stored;
  }

  private async writeAlone(manager: EntityManager, group: AloneGroup): Promise<void> {
    while (group.rows.length > 0) {
      const rows = group.rows.splice(0);
      const waiting = group.waiting.splice(0);
      try {
        await this.rows.insert(manager, rows);
        waiting.forEach((waiter) => waiter.resolve());
      } catch (error) {
        waiting.forEach((waiter) => waiter.reject(error));
      }
    }
    group.writing = false;
  }

  /** Several events in one statement (in this order), each checked against its definition. */
  async addAll(manager: EntityManager, events: NewEvent<EventDefinition>[]): Promise<EventEnvelope[]> {
    if (!this.rows.inTransaction(manager)) {
      throw new Error('OutboxWriter.add must run inside the transaction that changes the state');
    }
    const rows = this.envelopes(events);
    await this.rows.insert(manager, rows);
    return rows.map((row) => row.envelope);
  }

  /**
   * Events for a change made by one statement of the caller's (atomic on its own, so without a
   * transaction): each event is written only if its `gate` is among the values the statement's
   * `gatedBy` query yields. See OutboxRepository.insertPart for how the statement uses the part.
   */
  statementPart(
    events: (NewEvent<EventDefinition> & { gate: string })[],
    firstParam: number,
    gatedBy: string,
  ): { ctes: string; notify: string; params: unknown[]; envelopes: EventEnvelope[] } {
    const rows = this.envelopes(events).map((row, i) => ({ ...row, gate: events[i]!.gate }));
    return { ...this.rows.insertPart(rows, firstParam, gatedBy), envelopes: rows.map((row) => row.envelope) };
  }

  private envelopes(events: NewEvent<EventDefinition>[]): { topic: string; envelope: EventEnvelope }[] {
    const occurredAt = new Date().toISOString();
    return events.map((event) => ({
      topic: event.definition.topic,
      envelope: {
        id: randomUUID(),
        type: event.definition.type,
        version: event.definition.version,
        companyId: event.companyId,
        key: String(event.key),
        occurredAt,
        payload: event.definition.payload.parse(event.payload),
      } satisfies EventEnvelope,
    }));
  }
}
