import { connectionDeleted, connectionUpdated, type EventEnvelope, sessionUpdated } from '@app/contracts';
import { readEvent } from '@app/platform';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { ConnectionRepository } from './connection.repository';

/** The connection a whatsapp event says has just connected (its settings or its session), with its company; null for any other event. */
export function connectionConnected(envelope: EventEnvelope): { connectionId: number; companyId: number } | null {
  const updated = readEvent(connectionUpdated, envelope);
  if (updated)
    return updated.connection.status === 'CONNECTED'
      ? { connectionId: updated.connection.id, companyId: updated.connection.companyId }
      : null;
  const session = envelope.companyId ? readEvent(sessionUpdated, envelope) : null;
  return session?.session.status === 'CONNECTED' ? { connectionId: session.session.id, companyId: session.companyId } : null;
}

/** Keeps the connections of each company and their state from whatsapp's events. */
@Injectable()
export class ConnectionProjection {
  readonly eventTypes = [connectionUpdated.type, sessionUpdated.type, connectionDeleted.type];

  constructor(private readonly connections: ConnectionRepository) {}

  /** The projection's part of a whatsapp event, to run first in the consumer's transaction; null when it has none. */
  async take(envelope: EventEnvelope): Promise<((manager: EntityManager) => Promise<void>) | null> {
    const updated = readEvent(connectionUpdated, envelope);
    const session = envelope.companyId ? readEvent(sessionUpdated, envelope) : null;
    const deleted = readEvent(connectionDeleted, envelope);
    if (!updated && !session && !deleted) return null;
    return async (manager) => {
      if (updated) await this.connections.upsert(manager, updated.connection);
      if (session)
        await this.connections.setStatus(manager, session.companyId, session.session.id, session.session.status, session.session.name);
      if (deleted) await this.connections.delete(manager, deleted.companyId, deleted.connectionId);
    };
  }
}
