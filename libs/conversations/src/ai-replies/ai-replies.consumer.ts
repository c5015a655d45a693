import {
  aiGroupSummarised,
  aiHandoffRequested,
  aiMessageTranscribed,
  aiReplyRequested,
  aiTagsRequested,
  type EventEnvelope,
  TOPICS,
} from '@app/contracts';
import { companyMediaKey, type EventConsumer, readEvent } from '@app/platform';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { ConversationEvents } from '../common/conversation-events';
import { MessageRepository } from '../common/message.repository';
import { ProcessedEventRepository } from '../common/processed-event.repository';
import { TicketRepository } from '../common/ticket.repository';
import { NoteRepository } from '../notes/note.repository';
import { OutboundMessageService } from '../sending/outbound-message.service';
import { TagRepository } from '../tags/tag.repository';

export const AI_REPLIES_CONSUMER = 'conversations-ai-replies';

const TAKEN = new Set<string>([
  aiReplyRequested.type,
  aiHandoffRequested.type,
  aiMessageTranscribed.type,
  aiGroupSummarised.type,
  aiTagsRequested.type,
]);

/**
 * What the ai service asks of a ticket: its assistant's answer becomes an ordinary message of the
 * ticket (sent to WhatsApp, in the chat, marked as the assistant's; its voice note after it; a chatbot's
 * image, audio, video or document as that media with the text as its caption), and its
 * handoff makes the ticket pending in its queue (a chatbot's transfer: in the queue, and with the user,
 * it named), with its note (why, e.g. what failed) on the ticket. A ticket closed or held by a user in
 * the meantime gets neither. An audio's transcript is set on the message and announced; a group's daily summary
 * is posted to the group's ticket unless it is closed. An agent's tag rules add the company's tags of those names to the
 * ticket.
 */
/** The ticket an event of ai's names (each names one). */
const ticketOf = (envelope: EventEnvelope): number | undefined => {
  const payload = envelope.payload as { ticketId?: unknown } | null;
  return typeof payload?.ticketId === 'number' && Number.isInteger(payload.ticketId) ? payload.ticketId : undefined;
};

@Injectable()
export class AiRepliesConsumer implements EventConsumer {
  readonly subscription = {
    groupId: AI_REPLIES_CONSUMER,
    topics: [TOPICS.aiEvents],
    eventTypes: [...TAKEN],
  };

  constructor(
    private readonly processed: ProcessedEventRepository,
    private readonly tickets: TicketRepository,
    private readonly outbound: OutboundMessageService,
    private readonly events: ConversationEvents,
    private readonly notes: NoteRepository,
    private readonly messages: MessageRepository,
    private readonly tags: TagRepository,
  ) {}

  handle(envelope: EventEnvelope): Promise<void> {
    return this.handleBatch([envelope]);
  }

  /**
   * A batch of the ai service's requests in one transaction with their records as applied, each in
   * order (a bot's replies and its handoff of one ticket come in one batch at a bench's pace: one
   * commit, not one per reply). A failing batch is handled again event by event (`handle`).
   */
  async handleBatch(envelopes: EventEnvelope[]): Promise<void> {
    const taken = envelopes.filter((envelope) => envelope.companyId !== null && TAKEN.has(envelope.type));
    if (taken.length === 0) return;
    await this.processed.applyBatchOnce(AI_REPLIES_CONSUMER, taken, async (manager, fresh) => {
      // The batch's tickets locked in id order first (the events' order would lock them in any order).
      const tickets = new Set(fresh.flatMap((envelope) => ticketOf(envelope) ?? []));
      if (tickets.size > 1) await this.tickets.lockInOrder(manager, [...tickets]);
      for (const envelope of fresh) await this.apply(manager, envelope, envelope.companyId!);
    });
  }

  private async apply(manager: EntityManager, envelope: EventEnvelope, companyId: number): Promise<void> {
    const transcribed = readEvent(aiMessageTranscribed, envelope);
    if (transcribed) {
      const target = { companyId, ticketId: transcribed.ticketId, messageId: transcribed.messageId };
      if (await this.messages.setTranscript(manager, target, transcribed.transcript)) {
        await this.events.messageChanged(manager, transcribed.messageId, false);
      }
      return;
    }
    const summary = readEvent(aiGroupSummarised, envelope);
    if (summary) {
      const ticket = await this.tickets.findRow(manager, companyId, { id: summary.ticketId }, true);
      if (ticket && ticket.status !== 'closed' && ticket.is_group) await this.outbound.sendText(manager, ticket, summary.body);
      return;
    }
    const reply = readEvent(aiReplyRequested, envelope);
    const handoff = readEvent(aiHandoffRequested, envelope);
    const tagging = readEvent(aiTagsRequested, envelope);
    if (!reply && !handoff && !tagging) return;
    const ticket = await this.tickets.findRow(manager, companyId, { id: (reply ?? handoff ?? tagging)!.ticketId }, true);
    if (!ticket || ticket.status === 'closed' || ticket.user_id !== null) return;
    if (tagging) {
      if ((await this.tags.addTicketTagsByName(manager, companyId, ticket.id, tagging.tags)) > 0)
        await this.events.ticketTagged(manager, ticket.id);
      return;
    }
    // A chatbot's media: the company's file ai stored, sent as that WhatsApp media with the body as its caption.
    const media = reply?.media && companyMediaKey(reply.media.mediaUrl, companyId) ? reply.media : undefined;
    if (reply && media) {
      const { mediaUrl: url, mimetype, fileName } = media;
      await this.outbound.sendText(manager, ticket, reply.body, null, { aiAuthor: reply.author, media: { url, mimetype, fileName } });
    } else if (reply?.body) await this.outbound.sendText(manager, ticket, reply.body, null, { aiAuthor: reply.author });
    if (reply?.voiceNote) {
      const { mediaUrl, mimetype, fileName } = reply.voiceNote;
      await this.outbound.sendText(manager, ticket, '', null, {
        aiAuthor: reply.author,
        media: { url: mediaUrl, mimetype, fileName, ptt: true },
      });
    }
    if (!handoff) return;
    // A chatbot's transfer moves the ticket to its queue (and user); a queue of another company is a plain handoff.
    const moved =
      handoff.queueId !== undefined && (await this.tickets.transferByBot(manager, ticket.id, handoff.queueId, handoff.userId ?? null));
    if (moved || (await this.tickets.handToHuman(manager, ticket.id))) await this.events.ticketChanged(manager, ticket.id);
    if (handoff.note) {
      await this.notes.insert(manager, {
        companyId,
        note: handoff.note,
        userId: null,
        ticketId: ticket.id,
        contactId: ticket.contact_id,
      });
    }
  }
}
