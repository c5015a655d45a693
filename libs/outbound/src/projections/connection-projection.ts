import { connectionDeleted, connectionUpdated, type EventEnvelope, sessionUpdated } from '@app/contracts';
import { readEvent } from '@app/platform';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { ConnectionRepository } from './connection.repository';

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
