import { type EventEnvelope, TOPICS } from '@app/contracts';
import type { EventConsumer, PartitionAssignment } from '@app/platform';
import { Inject, Injectable, Logger } from '@nestjs/common';

import { WHATSAPP_OPTIONS, type WhatsappOptions } from '../common/whatsapp-options';
import { SessionManager } from './session-manager';

export const COMMANDS_GROUP = 'whatsapp-sessions';

/**
 * Feeds whatsapp.commands to the session manager and tells it which connections are this process's.
 * One consumer group over the topic: partition ownership is session ownership. In process this
 * process owns every connection; on Kafka, after every rebalance it runs the sessions of the
 * connections whose partitions it got and hands over the others.
 *
 * - A new group starts at new commands: commands are acted on by a running deployment, never
 *   replayed from history.
 * - A command is committed after the manager handled it. One that can never be handled (not an
 *   envelope, an invalid payload) is parked in whatsapp.commands.dlq; a transient failure leaves it
 *   uncommitted on Kafka, tried again until handled or delivered to the partition's next owner.
 * - Up to four partitions at once, one command at a time each (and one at a time per connection,
 *   in the manager).
 */
@Injectable()
export class CommandConsumer implements EventConsumer {
  private readonly logger = new Logger('WhatsappSessions');
  readonly subscription: EventConsumer['subscription'];

  constructor(
    private readonly sessions: SessionManager,
    @Inject(WHATSAPP_OPTIONS) options: WhatsappOptions,
  ) {
    this.subscription = {
      groupId: options.commandsGroupId ?? COMMANDS_GROUP,
      topics: [TOPICS.whatsappCommands],
      fromBeginning: false,
      onTransientFailure: 'redeliver',
      partitionsConsumedConcurrently: 4,
      // A dead process's commands move to the others sooner than kafkajs's default 30 s.
      sessionTimeoutMs: 15_000,
    };
  }

  handle(envelope: EventEnvelope): Promise<void> {
    return this.sessions.handle(envelope);
  }

  /** A batch in order; should one command fail, the transport handles it and those after it again, one by one. */
  handleBatch(envelopes: EventEnvelope[]): Promise<void> {
    return this.sessions.handleBatch(envelopes);
  }

  async assigned(assignment: PartitionAssignment): Promise<void> {
    if (assignment.partitions !== 'all') {
      this.logger.log({ partitions: assignment.partitions[TOPICS.whatsappCommands] }, 'whatsapp.commands partitions assigned');
    }
    await this.sessions.setOwnership((connectionId) => assignment.owns(String(connectionId)));
  }

  /** Sessions stop (socket first, lease last) before the subscription closes. */
  async stopping(): Promise<void> {
    await this.sessions.close();
  }
}
