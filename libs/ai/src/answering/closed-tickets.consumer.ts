import { type EventEnvelope, ticketDeleted, ticketUpdated, TOPICS } from '@app/contracts';
import { type EventConsumer, readEvent } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';

import { AI_OPTIONS, type AiOptions } from '../common/ai-options';
import { ConversationRepository } from '../common/conversation.repository';
import { UnboundMessageRepository } from './unbound-message.repository';

export const CLOSED_TICKETS_CONSUMER = 'ai-closed-tickets';

/**
 * A ticket closed or deleted is no longer followed: its conversation and last messages go, with the
 * messages kept for a binding not seen yet, and the close is marked so that one of its messages kept
 * after this (its event came later) is not answered either (a later ticket of the customer starts afresh). Every
 * other ticket update passes by without a statement; forgetting twice changes nothing, so no event
 * record is kept.
 */
@Injectable()
export class ClosedTicketsConsumer implements EventConsumer {
  readonly subscription;

  constructor(
    @Inject(AI_OPTIONS) options: AiOptions,
    private readonly conversations: ConversationRepository,
    private readonly unbound: UnboundMessageRepository,
  ) {
    this.subscription = {
      groupId: options.closedTicketsGroupId ?? CLOSED_TICKETS_CONSUMER,
      topics: [TOPICS.conversationsEvents],
      eventTypes: [ticketUpdated.type, ticketDeleted.type],
    };
  }

  handle(envelope: EventEnvelope): Promise<void> {
    return this.handleBatch([envelope]);
  }

  async handleBatch(envelopes: EventEnvelope[]): Promise<void> {
    const gone = new Map<number, { ticketId: number; closedAt: string }[]>();
    for (const envelope of envelopes) {
      if (!envelope.companyId) continue;
      const updated = readEvent(ticketUpdated, envelope)?.ticket;
      const closed =
        updated?.status === 'closed'
          ? { ticketId: updated.id, closedAt: updated.updatedAt }
          : { ticketId: readEvent(ticketDeleted, envelope)?.ticketId, closedAt: envelope.occurredAt };
      if (closed.ticketId === undefined) continue;
      gone.set(envelope.companyId, [...(gone.get(envelope.companyId) ?? []), { ticketId: closed.ticketId, closedAt: closed.closedAt }]);
    }
    for (const [companyId, closed] of gone) {
      await this.conversations.forget(
        companyId,
        closed.map((ticket) => ticket.ticketId),
      );
      await this.unbound.forgetTickets(companyId, closed);
    }
  }
}
