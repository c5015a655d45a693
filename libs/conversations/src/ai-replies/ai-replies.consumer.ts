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

import { ConversationEvents } from '../common/conversation-events';
import { MessageRepository } from '../common/message.repository';
import { ProcessedEventRepository } from '../common/processed-event.repository';
import { TicketRepository } from '../common/ticket.repository';
import { NoteRepository } from '../notes/note.repository';
import { OutboundMessageService } from '../sending/outbound-message.service';
import { TagRepository } from '../tags/tag.repository';

export const AI_REPLIES_CONSUMER = 'conversations-ai-replies';

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
@Injectable()
export class AiRepliesConsumer implements EventConsumer {
  readonly subscription = {
    groupId: AI_REPLIES_CONSUMER,
    topics: [TOPICS.aiEvents],
    eventTypes: [aiReplyRequested.type, aiHandoffRequested.type, aiMessageTranscribed.type, aiGroupSummarised.type, aiTagsRequested.type],
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

  async handle(envelope: EventEnvelope): Promise<void> {
    const transcribed = readEvent(aiMessageTranscribed, envelope);
    const summary = readEvent(aiGroupSummarised, envelope);
    if ((transcribed || summary) && envelope.companyId) {
      const companyId = envelope.companyId;
      await this.processed.applyOnce(AI_REPLIES_CONSUMER, envelope, async (manager) => {
        if (transcribed) {
          const target = { companyId, ticketId: transcribed.ticketId, messageId: transcribed.messageId };
          if (await this.messages.setTranscript(manager, target, transcribed.transcript)) {
            await this.events.messageChanged(manager, transcribed.messageId, false);
          }
        }
        if (summary) {
          const ticket = await this.tickets.findRow(manager, companyId, { id: summary.ticketId }, true);
          if (ticket && ticket.status !== 'closed' && ticket.is_group) await this.outbound.sendText(manager, ticket, summary.body);
        }
      });
      return;
    }
    const reply = readEvent(aiReplyRequested, envelope);
    const handoff = readEvent(aiHandoffRequested, envelope);
    const tagging = readEvent(aiTagsRequested, envelope);
    const companyId = envelope.companyId;
    if ((!reply && !handoff && !tagging) || !companyId) return;
    await this.processed.applyOnce(AI_REPLIES_CONSUMER, envelope, async (manager) => {
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
    });
  }
}
