import { type EventEnvelope, queueDeleted, queueSaved, TOPICS } from '@app/contracts';
import { type EventConsumer, ProcessedEventRepository, readEvent } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';

import { BindingCatchUp } from '../answering/binding-catch-up';
import { UnboundMessageRepository } from '../answering/unbound-message.repository';
import { AI_OPTIONS, type AiOptions } from '../common/ai-options';
import { PromptService } from '../prompts/prompt.service';
import { QueueRepository } from '../queues/queue.repository';

export const QUEUE_EVENTS_CONSUMER = 'ai-queues';

/**
 * Keeps ai.queues from conversations' queue events: a prompt may only name a queue of its own company
 * and shows its name; the assistants answer the tickets of a bound queue, and a binding's catch-up
 * answers the messages ai saw before it (BindingCatchUp). A deleted queue is forgotten and the prompts
 * bound to it lose it (announced).
 */
@Injectable()
export class QueueEventsConsumer implements EventConsumer {
  readonly subscription;

  constructor(
    @Inject(AI_OPTIONS) options: AiOptions,
    private readonly processed: ProcessedEventRepository,
    private readonly queues: QueueRepository,
    private readonly prompts: PromptService,
    private readonly unbound: UnboundMessageRepository,
    private readonly catchUp: BindingCatchUp,
  ) {
    this.subscription = {
      groupId: options.queuesGroupId ?? QUEUE_EVENTS_CONSUMER,
      topics: [TOPICS.conversationsEvents],
      eventTypes: [queueSaved.type, queueDeleted.type],
    };
  }

  async handle(envelope: EventEnvelope): Promise<void> {
    const companyId = envelope.companyId;
    if (!companyId) return;
    const saved = readEvent(queueSaved, envelope)?.queue;
    const deleted = readEvent(queueDeleted, envelope);
    if (!saved && !deleted) return;
    let bound = false;
    await this.processed.consumeOnce(this.subscription.groupId, envelope, async (manager) => {
      bound = false;
      // The queue's own company, not the envelope's: each queue is listed under its owner.
      if (saved) {
        const { id, companyId: owner, name, promptId, agentId, integrationId, updatedAt } = saved;
        // Messages of its tickets seen before this binding are answered by the catch-up after the commit.
        await this.unbound.lockBinding(manager, id);
        bound = await this.queues.upsert(manager, { id, companyId: owner, name, promptId, agentId, integrationId, updatedAt });
        if (bound) await this.catchUp.bound(manager, owner);
      }
      if (deleted) {
        await this.prompts.queueDeleted(manager, companyId, deleted.queueId);
        await this.queues.delete(manager, companyId, deleted.queueId);
      }
    });
    if (bound) this.catchUp.wake();
  }
}
