import { connectionDeleted, connectionUpdated, type EventEnvelope, TOPICS, userUpdated } from '@app/contracts';
import { type EventConsumer, OutboxWriter, ProcessedEventRepository, readEvent } from '@app/platform';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { UserRepository } from '../common/user.repository';
import { userSnapshot } from '../common/user-answers';
import { CompanyConnectionRepository } from './company-connection.repository';

export const CONNECTION_PROJECTION_CONSUMER = 'identity-company-connections';

/**
 * Connections belong to whatsapp. Identity keeps the ids of each company's connections
 * (company_connections, checked when a user is given a default connection): an announced connection
 * is remembered under its own company; a deleted one is forgotten and leaves the users that had it
 * as default (each announced as identity.user.updated).
 */
@Injectable()
export class ConnectionProjectionConsumer implements EventConsumer {
  readonly subscription = {
    groupId: CONNECTION_PROJECTION_CONSUMER,
    topics: [TOPICS.whatsappEvents],
    eventTypes: [connectionUpdated.type, connectionDeleted.type],
  };

  constructor(
    private readonly processed: ProcessedEventRepository,
    private readonly companyConnections: CompanyConnectionRepository,
    private readonly users: UserRepository,
    private readonly outbox: OutboxWriter,
  ) {}

  async handle(envelope: EventEnvelope): Promise<void> {
    const updated = readEvent(connectionUpdated, envelope);
    if (updated) {
      const { connection } = updated;
      await this.processed.consumeOnce(CONNECTION_PROJECTION_CONSUMER, envelope, (manager) =>
        this.companyConnections.remember(manager, connection.companyId, connection.id),
      );
      return;
    }
    const deleted = readEvent(connectionDeleted, envelope);
    if (!deleted) return;
    await this.processed.consumeOnce(CONNECTION_PROJECTION_CONSUMER, envelope, (manager) =>
      this.removeConnection(manager, deleted.companyId, deleted.connectionId),
    );
  }

  private async removeConnection(manager: EntityManager, companyId: number, connectionId: number): Promise<void> {
    // A save that passed the check before this commits first, so the query below sees its user.
    await this.companyConnections.lock(manager, companyId);
    await this.companyConnections.forget(manager, companyId, connectionId);
    const users = await this.users.withConnectionLocked(manager, companyId, connectionId);
    for (const user of users) {
      user.whatsappId = null;
      const saved = await this.users.save(manager, user);
      await this.outbox.add(manager, {
        definition: userUpdated,
        companyId: saved.companyId,
        key: saved.id,
        payload: { user: userSnapshot(saved) },
      });
    }
  }
}
