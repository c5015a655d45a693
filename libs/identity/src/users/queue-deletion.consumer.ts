import { userUpdated } from '@app/contracts';
import { CompanyQueuesProjection, OutboxWriter, ProcessedEventRepository } from '@app/platform';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { UserRepository } from '../common/user.repository';
import { userSnapshot } from '../common/user-answers';
import { CompanyQueueRepository } from './company-queue.repository';

export const QUEUE_DELETION_CONSUMER = 'identity-queue-deletions';

/**
 * Queues belong to conversations. Identity keeps the ids of each company's queues (company_queues,
 * checked when a user is given queues): a saved queue is remembered; a deleted one is forgotten and its
 * id leaves the queue lists of the users of that company (only that company), each changed user
 * announced as identity.user.updated. The group id predates the saved events and is kept.
 */
@Injectable()
export class QueueDeletionConsumer extends CompanyQueuesProjection {
  constructor(
    processed: ProcessedEventRepository,
    companyQueues: CompanyQueueRepository,
    private readonly users: UserRepository,
    private readonly outbox: OutboxWriter,
  ) {
    super(QUEUE_DELETION_CONSUMER, processed, companyQueues);
  }

  protected async removeQueue(manager: EntityManager, companyId: number, queueId: number): Promise<void> {
    // A save that passed the check before this commits first, so the query below sees its user.
    await this.companyQueues.lock(manager, companyId);
    await this.companyQueues.forget(manager, companyId, queueId);
    const users = await this.users.withQueueLocked(manager, companyId, queueId);
    for (const user of users) {
      user.queueIds = user.queueIds.filter((id) => id !== queueId);
      const saved = await this.users.save(manager, user);
      await this.outbox.add(manager, {
        definition: userUpdated,
        companyId: saved.companyId,
        key: saved.id,
        payload: { user: userSnapshot(saved) },
      });
    }
  }
}
