import { CompanyQueuesProjection, OutboxWriter, ProcessedEventRepository } from '@app/platform';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { ConnectionRepository } from '../common/connection.repository';
import { CompanyQueueRepository } from './company-queues.repository';
import { announceConnection } from './connection.service';

export const QUEUE_DELETION_CONSUMER = 'whatsapp-queue-deletions';

/**
 * Queues belong to conversations. Whatsapp keeps the ids of each company's queues (company_queues,
 * checked when a connection is given queues): a saved queue is remembered; when one is deleted it is
 * forgotten and the connections of that company (only that company) stop offering it and stop
 * transferring to it; each changed connection is announced as whatsapp.connection.updated. The
 * greeting stays as it was: it is the company's text. The group id predates the saved events and is kept.
 */
@Injectable()
export class QueueDeletionConsumer extends CompanyQueuesProjection {
  constructor(
    private readonly connections: ConnectionRepository,
    companyQueues: CompanyQueueRepository,
    processed: ProcessedEventRepository,
    private readonly outbox: OutboxWriter,
  ) {
    super(QUEUE_DELETION_CONSUMER, processed, companyQueues);
  }

  protected async removeQueue(manager: EntityManager, companyId: number, queueId: number): Promise<void> {
    // The lock of the company's connection changes: an edit in flight does not write back the old lists.
    await this.connections.lockCompany(manager, companyId);
    // Under that lock: a save that passed the queue check commits before the query below looks.
    await this.companyQueues.forget(manager, companyId, queueId);
    const rows = await this.connections.withQueue(manager, companyId, queueId);
    for (const row of rows) {
      row.queueIds = row.queueIds.filter((id) => id !== queueId);
      if (row.transferQueueId === queueId) row.transferQueueId = null;
      await announceConnection(this.outbox, manager, await this.connections.save(manager, row));
    }
  }
}
