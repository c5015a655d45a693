import { type EventEnvelope, queueDeleted, queueSaved, TOPICS } from '@app/contracts';
import { type EventConsumer, ProcessedEventRepository, readEvent } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';

import { AI_OPTIONS, type AiOptions } from '../common/ai-options';
import { PromptService } from '../prompts/prompt.service';
import { QueueRepository } from '../queues/queue.repository';

export const QUEUE_EVENTS_CONSUMER = 'ai-queues';

/**
 * Keeps ai.queues from conversations' queue events: a prompt may only name a queue of its own company
 * and shows its name. A deleted queue is forgotten and the prompts bound to it lose it (announced).
 */
@Injectable()
export class QueueEventsConsumer implements EventConsumer {
  readonly subscription;

  constructor(
    @Inject(AI_OPTIONS) options: AiOptions,
    private readonly processed: ProcessedEventRepository,
    private readonly queues: QueueRepository,
    private readonly prompts: PromptService,
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
    await this.processed.consumeOnce(this.subscription.groupId, envelope, async (manager) => {
      // The queue's own company, not the envelope's: each queue is listed under its owner.
      if (saved) {
        const { id, companyId: owner, name, promptId, agentId, integrationId } = saved;
        await this.queues.upsert(manager, { id, companyId: owner, name, promptId, agentId, integrationId });
      }
      if (deleted) {
        await this.prompts.queueDeleted(manager, companyId, deleted.queueId);
        await this.queues.delete(manager, companyId, deleted.queueId);
      }
    });
  }
}
