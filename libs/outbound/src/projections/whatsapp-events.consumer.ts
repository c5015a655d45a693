import {
  connectionDeleted,
  connectionUpdated,
  type EventEnvelope,
  messageSendFailed,
  messageSent,
  numbersChecked,
  sessionUpdated,
  TOPICS,
} from '@app/contracts';
import { type EventConsumer, ProcessedEventRepository, readEvent } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';

import { NumberChecks } from '../contact-lists/number-checks';
import { OUTBOUND_OPTIONS, type OutboundOptions } from '../outbound-options';
import { SCHEDULE_REFERENCE, ScheduleDispatcher } from '../schedules/schedule-dispatcher';
import { ConnectionRepository } from './connection.repository';

export const WHATSAPP_EVENTS_CONSUMER = 'outbound-whatsapp';

/**
 * What outbound takes from whatsapp.events: the connections of each company and their state (a
 * connection that connects restarts the company's pending number checks), and the answers to the
 * number checks it asked for, and to the schedules' sends.
 */
@Injectable()
export class WhatsappEventsConsumer implements EventConsumer {
  readonly subscription: EventConsumer['subscription'];
  private readonly groupId: string;

  constructor(
    private readonly processed: ProcessedEventRepository,
    private readonly connections: ConnectionRepository,
    private readonly numberChecks: NumberChecks,
    private readonly scheduleSends: ScheduleDispatcher,
    @Inject(OUTBOUND_OPTIONS) options: OutboundOptions,
  ) {
    this.groupId = options.whatsappGroupId ?? WHATSAPP_EVENTS_CONSUMER;
    this.subscription = { groupId: this.groupId, topics: [TOPICS.whatsappEvents] };
  }

  async handle(envelope: EventEnvelope): Promise<void> {
    const updated = readEvent(connectionUpdated, envelope);
    const session = envelope.companyId ? readEvent(sessionUpdated, envelope) : null;
    const deleted = readEvent(connectionDeleted, envelope);
    const checked = envelope.companyId ? readEvent(numbersChecked, envelope) : null;
    // Answers to sends: only those of the schedules (the inbox's and others' are not read further).
    const answer = envelope.companyId ? (readEvent(messageSent, envelope) ?? readEvent(messageSendFailed, envelope)) : null;
    const sendAnswer = answer?.reference?.service === SCHEDULE_REFERENCE ? answer : null;
    if (!updated && !session && !deleted && !checked && !sendAnswer) return;
    await this.processed.consumeOnce(this.groupId, envelope, async (manager) => {
      if (updated) {
        await this.connections.upsert(manager, updated.connection);
        if (updated.connection.status === 'CONNECTED') await this.numberChecks.resume(manager, updated.connection.companyId);
      }
      if (session) {
        await this.connections.setStatus(manager, session.companyId, session.session.id, session.session.status, session.session.name);
        if (session.session.status === 'CONNECTED') await this.numberChecks.resume(manager, session.companyId);
      }
      if (deleted) await this.connections.delete(manager, deleted.connectionId);
      if (checked) await this.numberChecks.answered(manager, envelope.companyId!, checked);
      if (sendAnswer) await this.scheduleSends.answered(manager, envelope.companyId!, sendAnswer);
    });
  }
}
