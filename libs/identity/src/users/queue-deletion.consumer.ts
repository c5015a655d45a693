import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { queueDeleted, queueSaved, TOPICS, userUpdated, type EventEnvelope } from '@app/contracts';
import { consumeOnce, EVENT_TRANSPORT, OutboxWriter, readEvent, type EventTransport, type Subscription } from '@app/platform';
import { userSnapshot } from '../dtos/user.dto';
import { User } from '../entities/user.entity';
import { companyQueues } from './company-queues';

export const QUEUE_DELETION_CONSUMER = 'identity-queue-deletions';

/**
 * Queues belong to conversations. Identity keeps the ids of each company's queues (company_queues,
 * checked when a user is given queues): a saved queue is remembered; a deleted one is forgotten and its
 * id leaves the queue lists of the users of that company (only that company), each changed user
 * announced as identity.user.updated. The group id predates the saved events and is kept.
 */
@Injectable()
export class QueueDeletionConsumer implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(QueueDeletionConsumer.name);
  private subscription?: Subscription;

  constructor(
    @Inject(EVENT_TRANSPORT) private readonly transport: EventTransport,
    @InjectDataSource('identity') private readonly dataSource: DataSource,
    private readonly outbox: OutboxWriter,
  ) {}

  /** Subscribed before any outbox relay starts (they start on bootstrap), so no in-process event is missed. */
  async onModuleInit(): Promise<void> {
    this.subscription = await this.transport.subscribe({
      groupId: QUEUE_DELETION_CONSUMER,
      topics: [TOPICS.conversationsEvents],
      handler: (envelope) => this.handle(envelope),
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.close();
  }

  async handle(envelope: EventEnvelope): Promise<void> {
    if (envelope.companyId === null) return;
    const companyId = envelope.companyId;
    const saved = readEvent(queueSaved, envelope);
    if (saved) {
      // The queue's own company, not the envelope's: the projection lists each queue under its owner.
      await consumeOnce(this.dataSource, 'identity', QUEUE_DELETION_CONSUMER, envelope, (manager) =>
        companyQueues.remember(manager, saved.queue.companyId, saved.queue.id),
      );
      return;
    }
    const deleted = readEvent(queueDeleted, envelope);
    if (!deleted) return;
    await consumeOnce(this.dataSource, 'identity', QUEUE_DELETION_CONSUMER, envelope, (manager) =>
      this.removeQueue(manager, companyId, deleted.queueId),
    );
    this.logger.debug({ companyId, queueId: deleted.queueId }, 'deleted queue removed from users');
  }

  private async removeQueue(manager: EntityManager, companyId: number, queueId: number): Promise<void> {
    // A save that passed the check before this commits first, so the query below sees its user.
    await companyQueues.lock(manager, companyId);
    await companyQueues.forget(manager, companyId, queueId);
    const users = await manager
      .getRepository(User)
      .createQueryBuilder('user')
      .setLock('pessimistic_write')
      .where('user.companyId = :companyId AND :queueId = ANY(user.queueIds)', { companyId, queueId })
      .orderBy('user.id')
      .getMany();
    for (const user of users) {
      user.queueIds = user.queueIds.filter((id) => id !== queueId);
      const saved = await manager.save(user);
      await this.outbox.add(manager, {
        definition: userUpdated,
        companyId: saved.companyId,
        key: saved.id,
        payload: { user: userSnapshot(saved) },
      });
    }
  }
}
