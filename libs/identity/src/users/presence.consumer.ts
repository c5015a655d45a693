import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { presenceReported, TOPICS, userUpdated, type EventEnvelope } from '@app/contracts';
import { EVENT_TRANSPORT, OutboxWriter, readEvent, type EventTransport, type Subscription } from '@app/platform';
import { isOnline, userSnapshot } from '../dtos/user.dto';
import { User } from '../entities/user.entity';

/**
 * Turns the gateway's presence reports (userStatus pings, sockets going away) into the users'
 * online state. Reports are ephemeral: a new group starts at the newest, an older report than the
 * one applied changes nothing, and only a change of the shown state publishes identity.user.updated.
 */
@Injectable()
export class PresenceConsumer implements OnModuleInit, OnModuleDestroy {
  private subscription?: Subscription;

  constructor(
    @Inject(EVENT_TRANSPORT) private readonly transport: EventTransport,
    @InjectDataSource('identity') private readonly dataSource: DataSource,
    private readonly outbox: OutboxWriter,
  ) {}

  async onModuleInit(): Promise<void> {
    this.subscription = await this.transport.subscribe({
      groupId: 'identity-presence',
      topics: [TOPICS.identityEvents],
      fromBeginning: false,
      handler: (envelope) => this.handle(envelope),
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.close();
  }

  async handle(envelope: EventEnvelope): Promise<void> {
    const report = readEvent(presenceReported, envelope);
    if (!report) return;
    const at = new Date(report.at);
    await this.dataSource.transaction(async (manager) => {
      const user = await manager.findOne(User, {
        where: { id: report.userId, companyId: report.companyId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!user || (user.lastSeenAt && user.lastSeenAt > at)) return;
      const wasOnline = isOnline(user);
      user.online = report.online;
      user.lastSeenAt = at;
      await manager.update(User, { id: user.id }, { online: report.online, lastSeenAt: at });
      if (isOnline(user) !== wasOnline) {
        await this.outbox.add(manager, {
          definition: userUpdated,
          companyId: user.companyId,
          key: user.id,
          payload: { user: userSnapshot(user) },
        });
      }
    });
  }
}
