import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import {
  connectionDeleted,
  connectionUpdated,
  contactUpdated,
  messageAcked,
  messageDeleted,
  messageEdited,
  messageReceived,
  messageSendFailed,
  messageSent,
  presenceUpdated,
  TOPICS,
  type EventEnvelope,
} from '@app/contracts';
import { consumeOnce, readEvent, type EventTransport, type Subscription } from '@app/platform';
import type { ProjectionRepository } from '../projections/projection.repository';
import type { InboundConversationService } from './inbound-conversation.service';
import type { PresenceRelay } from './presence-relay';

export const WHATSAPP_EVENTS_CONSUMER = 'conversations-whatsapp';

/**
 * One consumer group for every whatsapp fact, so a connection's events (keyed by connection id) are
 * applied in the order they happened: the connection's settings before the messages that use them,
 * a send before its acks.
 */
export class WhatsappEventsConsumer {
  private readonly logger = new Logger(WhatsappEventsConsumer.name);
  private subscription?: Subscription;

  constructor(
    private readonly dataSource: DataSource,
    private readonly transport: EventTransport,
    private readonly projections: ProjectionRepository,
    private readonly inbound: InboundConversationService,
    private readonly presence: PresenceRelay,
    private readonly groupId = WHATSAPP_EVENTS_CONSUMER,
  ) {}

  async start(): Promise<void> {
    this.subscription = await this.transport.subscribe({
      groupId: this.groupId,
      topics: [TOPICS.whatsappEvents],
      handler: (envelope) => this.handle(envelope),
    });
  }

  async stop(): Promise<void> {
    await this.subscription?.close();
  }

  async handle(envelope: EventEnvelope): Promise<void> {
    const presence = readEvent(presenceUpdated, envelope);
    if (presence) {
      if (envelope.companyId) await this.presence.forward(envelope.companyId, presence);
      return;
    }
    const effect = this.effectOf(envelope);
    if (!effect) return;
    await consumeOnce(this.dataSource, 'conversations', this.groupId, envelope, effect);
    this.logger.debug({ type: envelope.type }, 'whatsapp event applied');
  }

  private effectOf(envelope: EventEnvelope): ((manager: import('typeorm').EntityManager) => Promise<void>) | null {
    const companyId = envelope.companyId;
    const connection = readEvent(connectionUpdated, envelope);
    if (connection) return (manager) => this.projections.upsertConnection(manager, connection.connection);
    const gone = readEvent(connectionDeleted, envelope);
    if (gone) return (manager) => this.projections.deleteConnection(manager, gone.connectionId);
    const received = readEvent(messageReceived, envelope);
    if (received && companyId) {
      return async (manager) => {
        await this.inbound.receive(manager, companyId, received.connectionId, received.message);
      };
    }
    const contact = readEvent(contactUpdated, envelope);
    if (contact && companyId) {
      return async (manager) => {
        await this.inbound.contactChanged(manager, companyId, contact.number, contact.lid, contact.name ?? contact.pushName);
        await this.projections.recordAddressBookEntry(manager, companyId, contact);
      };
    }
    const acked = readEvent(messageAcked, envelope);
    if (acked) return (manager) => this.inbound.ack(manager, acked.connectionId, acked.messageId, acked.ack);
    const edited = readEvent(messageEdited, envelope);
    if (edited) return (manager) => this.inbound.edit(manager, edited.connectionId, edited.messageId, edited.body);
    const deleted = readEvent(messageDeleted, envelope);
    if (deleted) return (manager) => this.inbound.delete(manager, deleted.connectionId, deleted.messageId);
    const sent = readEvent(messageSent, envelope);
    if (sent) return (manager) => this.inbound.sent(manager, sent.connectionId, sent.commandId, sent.messageId);
    const failed = readEvent(messageSendFailed, envelope);
    if (failed) return (manager) => this.inbound.sendFailed(manager, failed.connectionId, failed.commandId, failed.reason);
    return null;
  }
}
