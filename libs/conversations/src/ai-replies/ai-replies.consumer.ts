import { aiHandoffRequested, aiReplyRequested, aiTagsRequested, type EventEnvelope, TOPICS } from '@app/contracts';
import { type EventConsumer, readEvent } from '@app/platform';
import { Injectable } from '@nestjs/common';

import { ConversationEvents } from '../common/conversation-events';
import { ProcessedEventRepository } from '../common/processed-event.repository';
import { OutboundMessageService } from '../messages/outbound-message.service';
import { TagRepository } from '../tags/tag.repository';
import { TicketRepository } from '../tickets/ticket.repository';

export const AI_REPLIES_CONSUMER = 'conversations-ai-replies';

/**
 * What the ai service asks of a ticket: its assistant's answer becomes an ordinary message of the
 * ticket (sent to WhatsApp, in the chat, marked as the assistant's), its handoff makes the ticket
 * pending in its queue, and an agent's tag rules add the company's tags of those names to it. A ticket
 * closed or held by a user in the meantime gets none of them.
 */
@Injectable()
export class AiRepliesConsumer implements EventConsumer {
  readonly subscription = {
    groupId: AI_REPLIES_CONSUMER,
    topics: [TOPICS.aiEvents],
    eventTypes: [aiReplyRequested.type, aiHandoffRequested.type, aiTagsRequested.type],
  };

  constructor(
    private readonly processed: ProcessedEventRepository,
    private readonly tickets: TicketRepository,
    private readonly outbound: OutboundMessageService,
    private readonly events: ConversationEvents,
    private readonly tags: TagRepository,
  ) {}

  async handle(envelope: EventEnvelope): Promise<void> {
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
      if (reply) await this.outbound.sendText(manager, ticket, reply.body, null, { aiAuthor: reply.author });
      if (handoff && (await this.tickets.handToHuman(manager, ticket.id))) await this.events.ticketChanged(manager, ticket.id);
    });
  }
}
