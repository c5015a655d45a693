import {
  connectionDeleted,
  connectionUpdated,
  contactUpdated,
  type EventEnvelope,
  type EventPayload,
  messageAcked,
  messageDeleted,
  messageEdited,
  messageReceived,
  messageSendFailed,
  messageSent,
  presenceUpdated,
  TOPICS,
} from '@app/contracts';
import { type EventConsumer, readEvent } from '@app/platform';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { CONVERSATIONS_OPTIONS, type ConversationsOptions } from '../common/conversations-options';
import { EarlyMessageFactRepository } from '../common/early-message-fact.repository';
import { ProcessedEventRepository } from '../common/processed-event.repository';
import { ProjectionRepository } from '../common/projection.repository';
import { InboundConversationService, type ReceivedMessage } from './inbound-conversation.service';
import { PresenceRelay } from './presence-relay';

export const WHATSAPP_EVENTS_CONSUMER = 'conversations-whatsapp';

/**
 * A received message is filed once by its WhatsApp id whatever delivers it (see receive), and nothing
 * else it does happens without filing it: its event need not be recorded as applied. A reaction is
 * not filed; it stays recorded.
 */
function filedOnceByItsId(envelope: EventEnvelope): boolean {
  return envelope.type === messageReceived.type && (envelope.payload as { message?: { kind?: string } }).message?.kind !== 'reaction';
}

/**
 * One consumer group for every whatsapp fact. A chat's messages (keyed by chat) are applied in the
 * order they happened, chats side by side; a connection's other events (keyed by connection id) in
 * theirs, a send before its acks. An ack, edit or delete that overtakes its message waits for it in
 * EarlyMessageFactRepository.
 */
@Injectable()
export class WhatsappEventsConsumer implements EventConsumer {
  private readonly logger = new Logger(WhatsappEventsConsumer.name);
  private readonly groupId: string;
  readonly subscription: EventConsumer['subscription'];
  private purging?: NodeJS.Timeout;

  constructor(
    @Inject(CONVERSATIONS_OPTIONS) options: ConversationsOptions,
    private readonly processed: ProcessedEventRepository,
    private readonly projections: ProjectionRepository,
    private readonly inbound: InboundConversationService,
    private readonly presence: PresenceRelay,
    private readonly facts: EarlyMessageFactRepository,
  ) {
    this.groupId = options.whatsappGroupId ?? WHATSAPP_EVENTS_CONSUMER;
    this.subscription = { groupId: this.groupId, topics: [TOPICS.whatsappEvents] };
  }

  /** Facts whose message never came are purged every hour. */
  started(): void {
    this.purging = setInterval(() => {
      this.facts.purge().catch((error: unknown) => this.logger.warn({ error }, 'purging early message facts failed'));
    }, 3_600_000);
    this.purging.unref();
  }

  stopping(): void {
    clearInterval(this.purging);
  }

  async handle(envelope: EventEnvelope): Promise<void> {
    const presence = readEvent(presenceUpdated, envelope);
    if (presence) {
      if (envelope.companyId) await this.presence.forward(envelope.companyId, presence);
      return;
    }
    const effect = this.effectOf(envelope);
    if (!effect) return;
    await this.processed.applyOnce(this.groupId, envelope, effect);
    this.logger.debug({ type: envelope.type }, 'whatsapp event applied');
  }

  /**
   * A batch in one transaction: each run of received messages is filed together (receiveAll), every
   * other fact in its turn, so each chat's and each connection's events keep their order. Presences
   * are forwarded once the batch is stored.
   */
  async handleBatch(envelopes: EventEnvelope[]): Promise<void> {
    const presences: { companyId: number; presence: EventPayload<typeof presenceUpdated> }[] = [];
    const stored: EventEnvelope[] = [];
    for (const envelope of envelopes) {
      const presence = readEvent(presenceUpdated, envelope);
      if (presence) {
        if (envelope.companyId) presences.push({ companyId: envelope.companyId, presence });
      } else stored.push(envelope);
    }
    await this.processed.applyBatchOnce(
      this.groupId,
      stored,
      async (manager, fresh) => {
        let received: ReceivedMessage[] = [];
        for (const envelope of fresh) {
          const message = envelope.companyId ? readEvent(messageReceived, envelope) : null;
          if (message) {
            received.push({ companyId: envelope.companyId!, connectionId: message.connectionId, message: message.message });
            continue;
          }
          await this.inbound.receiveAll(manager, received);
          received = [];
          await this.effectOf(envelope)?.(manager);
        }
        await this.inbound.receiveAll(manager, received);
      },
      filedOnceByItsId,
    );
    for (const { companyId, presence } of presences) await this.presence.forward(companyId, presence);
  }

  private effectOf(envelope: EventEnvelope): ((manager: EntityManager) => Promise<void>) | null {
    const companyId = envelope.companyId;
    const connection = readEvent(connectionUpdated, envelope);
    if (connection) return (manager) => this.projections.upsertConnection(manager, connection.connection);
    const gone = readEvent(connectionDeleted, envelope);
    if (gone) return (manager) => this.projections.deleteConnection(manager, gone.companyId, gone.connectionId);
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
