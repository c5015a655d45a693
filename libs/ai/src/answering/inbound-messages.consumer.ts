import { type EventEnvelope, messageCreated, TOPICS } from '@app/contracts';
import { type EventConsumer, ProcessedEventRepository, readEvent } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';

import { AI_OPTIONS, type AiOptions } from '../common/ai-options';
import { QueueRepository } from '../queues/queue.repository';
import type { Answerer } from './answerer';
import { Answerers } from './answerers';
import { AnsweringService, type BoundMessage } from './answering.service';
import { BindingCatchUp } from './binding-catch-up';

export const ANSWERING_CONSUMER = 'ai-answering';

/**
 * Conversations' new messages, for the assistants: only those of tickets (not groups) in queues bound
 * to a prompt or an agent go further, found for a whole batch in one statement per company. The
 * others are kept a while for a binding ai has not seen yet (BindingCatchUp), only when their
 * company has an assistant, so the inbox's traffic of companies without one costs two reads per
 * batch and no transaction.
 */
@Injectable()
export class InboundMessagesConsumer implements EventConsumer {
  readonly subscription;

  constructor(
    @Inject(AI_OPTIONS) options: AiOptions,
    private readonly processed: ProcessedEventRepository,
    private readonly queues: QueueRepository,
    private readonly answering: AnsweringService,
    private readonly answerers: Answerers,
    private readonly catchUp: BindingCatchUp,
  ) {
    this.subscription = {
      groupId: options.answeringGroupId ?? ANSWERING_CONSUMER,
      topics: [TOPICS.conversationsEvents],
      eventTypes: [messageCreated.type],
    };
  }

  handle(envelope: EventEnvelope): Promise<void> {
    return this.handleBatch([envelope]);
  }

  async handleBatch(envelopes: EventEnvelope[]): Promise<void> {
    const candidates = envelopes.flatMap((envelope) => {
      const event = readEvent(messageCreated, envelope);
      const ticket = event?.ticket;
      if (!event || !ticket || !envelope.companyId || ticket.companyId !== envelope.companyId) return [];
      if (ticket.isGroup || ticket.queueId === null) return [];
      return [{ envelope, message: event.message, ticket, queueId: ticket.queueId }];
    });
    if (candidates.length === 0) return;
    const bindings = new Map<string, BoundMessage['binding']>();
    for (const companyId of new Set(candidates.map((candidate) => candidate.ticket.companyId))) {
      const queueIds = [...new Set(candidates.filter((c) => c.ticket.companyId === companyId).map((c) => c.queueId))];
      for (const binding of await this.queues.bound(companyId, queueIds)) bindings.set(`${companyId}:${binding.queueId}`, binding);
    }
    // The assistant of each bound queue, found here, outside the batch's transaction (see BoundMessage).
    const answerers = new Map<string, Answerer | null>();
    for (const [key, binding] of bindings) answerers.set(key, await this.answerers.of(binding, Number(key.split(':')[0])));
    const bound = candidates.flatMap((candidate) => {
      const key = `${candidate.ticket.companyId}:${candidate.queueId}`;
      const binding = bindings.get(key);
      return binding ? [{ ...candidate, binding, answerer: answerers.get(key) ?? null }] : [];
    });
    // The others may be of a queue bound a moment ago whose binding ai has not seen yet: kept for the catch-up.
    const unbound = candidates.filter((candidate) => !bindings.has(`${candidate.ticket.companyId}:${candidate.queueId}`));
    if (unbound.length > 0)
      await this.catchUp.remember(
        unbound.map(({ envelope, message, ticket, queueId }) => ({
          messageId: String(message.id),
          ticketId: ticket.id,
          companyId: ticket.companyId,
          queueId,
          createdAt: message.createdAt,
          envelope,
        })),
      );
    if (bound.length === 0) return;
    const byEnvelope = new Map(bound.map((item) => [item.envelope.id, item]));
    const dueNow = new Set<string>();
    await this.processed.consumeBatchOnce(
      this.subscription.groupId,
      bound.map((item) => item.envelope),
      async (manager, fresh) => {
        dueNow.clear();
        const groupings = new Map<string, number>();
        const integrations = new Map<string, boolean>();
        for (const envelope of fresh) {
          const queue = await this.answering.received(manager, byEnvelope.get(envelope.id)!, groupings, integrations);
          if (queue) dueNow.add(queue);
        }
      },
    );
    // Committed: an answer due at once starts now rather than at the worker's next poll.
    if (dueNow.size > 0) this.answering.wake(dueNow);
  }
}
