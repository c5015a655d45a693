import { type EventEnvelope, presenceReported, TOPICS, userUpdated } from '@app/contracts';
import { type EventConsumer, OutboxWriter, readEvent } from '@app/platform';
import { Injectable } from '@nestjs/common';

import { UserRepository } from '../common/user.repository';
import { isOnline, userSnapshot } from '../common/user-answers';

/**
 * Turns the gateway's presence reports (userStatus pings, sockets going away) into the users'
 * online state. Reports are ephemeral: a new group starts at the newest, an older report than the
 * one applied changes nothing, and only a change of the shown state publishes identity.user.updated.
 */
@Injectable()
export class PresenceConsumer implements EventConsumer {
  readonly subscription = { groupId: 'identity-presence', topics: [TOPICS.identityEvents], fromBeginning: false };

  constructor(
    private readonly users: UserRepository,
    private readonly outbox: OutboxWriter,
  ) {}

  async handle(envelope: EventEnvelope): Promise<void> {
    const report = readEvent(presenceReported, envelope);
    if (!report) return;
    const at = new Date(report.at);
    await this.users.transaction(async (manager) => {
      const user = await this.users.findLockedInCompany(manager, report.userId, report.companyId);
      if (!user || (user.lastSeenAt && user.lastSeenAt > at)) return;
      const wasOnline = isOnline(user);
      user.online = report.online;
      user.lastSeenAt = at;
      await this.users.setPresence(manager, user.id, report.online, at);
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
