import { contactDeleted, contactSaved, type EventEnvelope, messageCreated, TOPICS } from '@app/contracts';
import { type EventConsumer, ProcessedEventRepository, readEvent } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';

import { AI_OPTIONS, type AiOptions } from '../common/ai-options';
import { GroupRepository } from '../groups/group.repository';
import { TranscriptionService } from '../speech/transcription.service';

export const MESSAGE_EVENTS_CONSUMER = 'ai-transcription';

/** What a group's message reads as in its summary. */
const lineOf = (body: string, mediaType: string) => body.trim() || (mediaType !== 'chat' ? `[${mediaType}]` : '');

/**
 * Conversations' events for transcription and the groups: the companies' group contacts (created,
 * renamed, deleted), each group's messages (what its daily summary reads) and every audio message
 * (transcribed when its connection or group says so). Other messages are dropped before any
 * statement, so the inbox's ordinary traffic costs nothing here.
 */
@Injectable()
export class MessageEventsConsumer implements EventConsumer {
  readonly subscription;

  constructor(
    @Inject(AI_OPTIONS) options: AiOptions,
    private readonly processed: ProcessedEventRepository,
    private readonly groups: GroupRepository,
    private readonly transcription: TranscriptionService,
  ) {
    this.subscription = {
      groupId: options.transcriptionGroupId ?? MESSAGE_EVENTS_CONSUMER,
      topics: [TOPICS.conversationsEvents],
      eventTypes: [messageCreated.type, contactSaved.type, contactDeleted.type],
    };
  }

  handle(envelope: EventEnvelope): Promise<void> {
    return this.handleBatch([envelope]);
  }

  async handleBatch(envelopes: EventEnvelope[]): Promise<void> {
    const wanted = envelopes.filter((envelope) => {
      if (!envelope.companyId) return false;
      const message = readEvent(messageCreated, envelope);
      if (message)
        return message.ticket.companyId === envelope.companyId && (message.ticket.isGroup || message.message.mediaType === 'audio');
      const saved = readEvent(contactSaved, envelope)?.contact;
      if (saved) return saved.isGroup && saved.companyId === envelope.companyId;
      return readEvent(contactDeleted, envelope) !== null;
    });
    if (wanted.length === 0) return;
    await this.processed.consumeBatchOnce(this.subscription.groupId, wanted, async (manager, fresh) => {
      for (const envelope of fresh) {
        const companyId = envelope.companyId!;
        const saved = readEvent(contactSaved, envelope)?.contact;
        if (saved) {
          await this.groups.upsertContact(manager, { ...saved, companyId });
          continue;
        }
        const deleted = readEvent(contactDeleted, envelope);
        if (deleted) {
          await this.groups.deleteContact(manager, companyId, deleted.contactId);
          continue;
        }
        const { message, ticket } = readEvent(messageCreated, envelope)!;
        if (ticket.isGroup) {
          const group = ticket.contact;
          await this.groups.upsertContact(manager, { ...group, companyId, ticketId: ticket.id });
          const body = lineOf(message.body, message.mediaType);
          if (body) {
            const sender = message.fromMe ? 'Nós' : (message.contact?.name ?? group.name);
            await this.groups.keepMessage(manager, {
              messageId: message.id,
              contactId: group.id,
              companyId,
              sender,
              body,
              createdAt: message.createdAt,
            });
          }
        }
        await this.transcription.received(manager, message, ticket);
      }
    });
  }
}
