import { type EventEnvelope, queueDeleted, queueSaved, TOPICS } from '@app/contracts';
import { Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import type { EventConsumer } from '../events/event-consumers';
import type { ProcessedEventRepository } from '../events/processed-event.repository';
import { readEvent } from '../events/read-event';
import type { CompanyQueueIds } from './company-queue-ids';

/**
 * A service's copy of the companies' queue ids (decision 0019), kept from conversations' events:
 * a saved queue is remembered under its own company; a deleted one is taken out of the service's rows
 * by `removeQueue`, once per event. identity (users' queues) and whatsapp (connections' queues and
 * transfer queue) extend it; each names its consumer group and what a deletion changes.
 */
export abstract class CompanyQueuesProjection implements EventConsumer {
  private readonly logger = new Logger(this.constructor.name);

  protected constructor(
    /** The consumer group, also the name its processed events are recorded under. */
    private readonly groupId: string,
    protected readonly processed: ProcessedEventRepository,
    protected readonly companyQueues: CompanyQueueIds,
  ) {}

  get subscription() {
    return { groupId: this.groupId, topics: [TOPICS.conversationsEvents], eventTypes: [queueSaved.type, queueDeleted.type] };
  }

  async handle(envelope: EventEnvelope): Promise<void> {
    if (envelope.companyId === null) return;
    const companyId = envelope.companyId;
    const saved = readEvent(queueSaved, envelope);
    if (saved) {
      // The queue's own company, not the envelope's: the projection lists each queue under its owner.
      await this.processed.consumeOnce(this.groupId, envelope, (manager) =>
        this.companyQueues.remember(manager, saved.queue.companyId, saved.queue.id),
      );
      return;
    }
    const deleted = readEvent(queueDeleted, envelope);
    if (!deleted) return;
    await this.processed.consumeOnce(this.groupId, envelope, (manager) => this.removeQueue(manager, companyId, deleted.queueId));
    this.logger.debug({ companyId, queueId: deleted.queueId }, 'deleted queue removed');
  }

  /**
   * Forgets the deleted queue and takes it out of the service's rows of that company (only that
   * company), under the lock the service's checks take, announcing each changed row.
   */
  protected abstract removeQueue(manager: EntityManager, companyId: number, queueId: number): Promise<void>;
}
