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
import type { EarlyMessageFacts } from './early-message-facts';

export const WHATSAPP_EVENTS_CONSUMER = 'conversations-whatsapp';

/**
 * One consumer group for every whatsapp fact. A chat's messages (keyed by chat) are applied in the
 * order they happened, chats side by side; a connection's other events (keyed by connection id) in
 * theirs, a send before its acks. An ack, edit or delete that overtakes its message waits for it in
 * EarlyMessageFacts.
 */
export class WhatsappEventsConsumer {
  private readonly logger = new Logger(WhatsappEventsConsumer.name);
  private subscription?: Subscription;
  private purging?: NodeJS.Timeout;

  constructor(
    private readonly dataSource: DataSource,
    private readonly transport: EventTransport,
    private readonly projections: ProjectionRepository,
    private readonly inbound: InboundConversationService,
    private readonly presence: PresenceRelay,
    private readonly groupId: string,
    private readonly facts: EarlyMessageFacts,
  ) {}

  async start(): Promise<void> {
    this.subscription = await this.transport.subscribe({
      groupId: this.groupId,
      topics: [TOPICS.whatsappEvents],
      handler: (envelope) => this.handle(envelope),
    });
    this.purging = setInterval(() => {
      this.facts.purge(this.dataSource).catch((error: unknown) => this.logger.warn({ error }, 'purging early message facts failed'));
    }, 3_600_000);
    this.purging.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.purging);
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
