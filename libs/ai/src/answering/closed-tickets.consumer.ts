import { type EventEnvelope, ticketDeleted, ticketUpdated, TOPICS } from '@app/contracts';
import { type EventConsumer, readEvent } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';

import { AI_OPTIONS, type AiOptions } from '../common/ai-options';
import { ConversationRepository } from '../common/conversation.repository';
import { UnboundMessageRepository } from './unbound-message.repository';

export const CLOSED_TICKETS_CONSUMER = 'ai-closed-tickets';

/**
 * A ticket closed or deleted is no longer followed: its conversation and last messages go, with the
 * messages kept for a binding not seen yet (a later ticket of the customer starts afresh). Every
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
    const gone = new Map<number, number[]>();
    for (const envelope of envelopes) {
      if (!envelope.companyId) continue;
      const updated = readEvent(ticketUpdated, envelope)?.ticket;
      const ticketId = updated?.status === 'closed' ? updated.id : readEvent(ticketDeleted, envelope)?.ticketId;
      if (ticketId === undefined) continue;
      gone.set(envelope.companyId, [...(gone.get(envelope.companyId) ?? []), ticketId]);
    }
    for (const [companyId, ticketIds] of gone) {
      await this.conversations.forget(companyId, ticketIds);
      await this.unbound.forgetTickets(companyId, ticketIds);
    }
  }
}
