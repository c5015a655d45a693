import { randomUUID } from 'node:crypto';

import {
  type Connection,
  connectionUpdated,
  type EventDefinition,
  type EventEnvelope,
  type EventPayload,
  messageReceived,
  type NormalisedMessage,
  settingUpdated,
  userCreated,
  type UserSnapshot,
} from '@app/contracts';
import type { DataSource } from 'typeorm';

import { WhatsappEventsConsumer } from '../inbound/whatsapp-events.consumer';
import { IdentityProjectionConsumer } from '../projections/identity-projection.consumer';
import type { ConversationsTestApp } from './conversations-test-app';
import { aConnection, aUser } from './fixtures';

export const envelopeOf = <D extends EventDefinition>(
  definition: D,
  companyId: number | null,
  key: string | number,
  payload: EventPayload<D>,
): EventEnvelope => ({
  id: randomUUID(),
  type: definition.type,
  version: definition.version,
  companyId,
  key: String(key),
  occurredAt: new Date().toISOString(),
  payload,
});

/** Feeds other services' facts straight to this service's consumers (as their relays would). */
export class InboxScenario {
  constructor(private readonly t: ConversationsTestApp) {}

  get dataSource(): DataSource {
    return this.t.dataSource;
  }

  async user(overrides: Partial<UserSnapshot> & Pick<UserSnapshot, 'id' | 'companyId'>): Promise<UserSnapshot> {
    const user = aUser(overrides);
    await this.t.app.get(IdentityProjectionConsumer).handle(envelopeOf(userCreated, user.companyId, user.id, { user }));
    return user;
  }

  async setting(companyId: number, key: string, value: string): Promise<void> {
    await this.t.app.get(IdentityProjectionConsumer).handle(envelopeOf(settingUpdated, companyId, key, { companyId, key, value }));
  }

  async connection(overrides: Partial<Connection> & Pick<Connection, 'id' | 'companyId'>): Promise<Connection> {
    const connection = aConnection(overrides);
    await this.t.app.get(WhatsappEventsConsumer).handle(envelopeOf(connectionUpdated, connection.companyId, connection.id, { connection }));
    return connection;
  }

  async queue(companyId: number, name: string, color: string, greetingMessage = ''): Promise<number> {
    const rows: { id: number }[] = await this.t.dataSource.query(
      `INSERT INTO conversations.queues (company_id, name, color, greeting_message) VALUES ($1, $2, $3, $4) RETURNING id`,
      [companyId, name, color, greetingMessage],
    );
    return rows[0]!.id;
  }

  async inbound(companyId: number, connectionId: number, message: NormalisedMessage): Promise<void> {
    await this.t.app.get(WhatsappEventsConsumer).handle(envelopeOf(messageReceived, companyId, connectionId, { connectionId, message }));
  }

  async deliver(envelope: EventEnvelope): Promise<void> {
    await this.t.app.get(WhatsappEventsConsumer).handle(envelope);
  }

  async ticketOf(number: string): Promise<{ id: number; uuid: string; status: string; queue_id: number | null; user_id: number | null }> {
    const rows = await this.t.dataSource.query(
      `SELECT t.id, t.uuid, t.status, t.queue_id, t.user_id FROM conversations.tickets t
       JOIN conversations.contacts c ON c.id = t.contact_id WHERE c.number = $1 ORDER BY t.id DESC LIMIT 1`,
      [number],
    );
    return rows[0];
  }
}
