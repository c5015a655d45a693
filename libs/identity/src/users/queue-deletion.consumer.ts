import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { queueDeleted, TOPICS, userUpdated, type EventEnvelope } from '@app/contracts';
import { consumeOnce, EVENT_TRANSPORT, OutboxWriter, readEvent, type EventTransport, type Subscription } from '@app/platform';
import { userSnapshot } from '../dtos/user.dto';
import { User } from '../entities/user.entity';

export const QUEUE_DELETION_CONSUMER = 'identity-queue-deletions';

/**
 * Queues belong to conversations: when one is deleted, its id leaves the queue lists of the users of
 * that company (only that company), each changed user announced as identity.user.updated.
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
    const deleted = readEvent(queueDeleted, envelope);
    if (!deleted || envelope.companyId === null) return;
    const companyId = envelope.companyId;
    await consumeOnce(this.dataSource, 'identity', QUEUE_DELETION_CONSUMER, envelope, (manager) =>
      this.removeQueue(manager, companyId, deleted.queueId),
    );
    this.logger.debug({ companyId, queueId: deleted.queueId }, 'deleted queue removed from users');
  }

  private async removeQueue(manager: EntityManager, companyId: number, queueId: number): Promise<void> {
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
