import { Logger } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { queueDeleted, queueSaved, TOPICS, type EventEnvelope } from '@app/contracts';
import { consumeOnce, readEvent, type EventTransport, type OutboxWriter, type Subscription } from '@app/platform';
import { ConnectionEntity } from '../entities/connection.entity';
import { companyQueues } from './company-queues';
import { announceConnection } from './connection.service';

export const QUEUE_DELETION_CONSUMER = 'whatsapp-queue-deletions';

/**
 * Queues belong to conversations. Whatsapp keeps the ids of each company's queues (company_queues,
 * checked when a connection is given queues): a saved queue is remembered; when one is deleted it is
 * forgotten and the connections of that company (only that company) stop offering it and stop
 * transferring to it; each changed connection is announced as whatsapp.connection.updated. The
 * greeting stays as it was: it is the company's text. The group id predates the saved events and is kept.
 */
export class QueueDeletionConsumer {
  private readonly logger = new Logger(QueueDeletionConsumer.name);
  private subscription?: Subscription;

  constructor(
    private readonly dataSource: DataSource,
    private readonly transport: EventTransport,
    private readonly outbox: OutboxWriter,
  ) {}

  async start(): Promise<void> {
    this.subscription = await this.transport.subscribe({
      groupId: QUEUE_DELETION_CONSUMER,
      topics: [TOPICS.conversationsEvents],
      handler: (envelope) => this.handle(envelope),
    });
  }

  async stop(): Promise<void> {
    await this.subscription?.close();
  }

  async handle(envelope: EventEnvelope): Promise<void> {
    if (envelope.companyId === null) return;
    const companyId = envelope.companyId;
    const saved = readEvent(queueSaved, envelope);
    if (saved) {
      // The queue's own company, not the envelope's: the projection lists each queue under its owner.
      await consumeOnce(this.dataSource, 'whatsapp', QUEUE_DELETION_CONSUMER, envelope, (manager) =>
        companyQueues.remember(manager, saved.queue.companyId, saved.queue.id),
      );
      return;
    }
    const deleted = readEvent(queueDeleted, envelope);
    if (!deleted) return;
    await consumeOnce(this.dataSource, 'whatsapp', QUEUE_DELETION_CONSUMER, envelope, (manager) =>
      this.removeQueue(manager, companyId, deleted.queueId),
    );
    this.logger.debug({ companyId, queueId: deleted.queueId }, 'deleted queue removed from connections');
  }

  private async removeQueue(manager: EntityManager, companyId: number, queueId: number): Promise<void> {
    // The lock of the company's connection changes: an edit in flight does not write back the old lists.
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('whatsapp.connections'), $1)`, [companyId]);
    // Under that lock: a save that passed the queue check commits before the query below looks.
    await companyQueues.forget(manager, companyId, queueId);
    const rows = await manager
      .getRepository(ConnectionEntity)
      .createQueryBuilder('connection')
      .where('connection.companyId = :companyId AND (:queueId = ANY(connection.queueIds) OR connection.transferQueueId = :queueId)', {
        companyId,
        queueId,
      })
      .orderBy('connection.id')
      .getMany();
    for (const row of rows) {
      row.queueIds = row.queueIds.filter((id) => id !== queueId);
      if (row.transferQueueId === queueId) row.transferQueueId = null;
      await announceConnection(this.outbox, manager, await manager.save(row));
    }
  }
}
