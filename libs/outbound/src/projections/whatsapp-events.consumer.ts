import {
  connectionDeleted,
  connectionUpdated,
  type EventEnvelope,
  messageReceived,
  messageSendFailed,
  messageSent,
  numbersChecked,
  sessionUpdated,
  TOPICS,
} from '@app/contracts';
import { type EventConsumer, ProcessedEventRepository, readEvent } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';

import { CampaignDispatch } from '../campaigns/campaign-dispatch';
import { ConfirmationWatch } from '../campaigns/confirmation-watch';
import { NumberChecks } from '../contact-lists/number-checks';
import { OUTBOUND_OPTIONS, type OutboundOptions } from '../outbound-options';
import { SCHEDULE_REFERENCE, ScheduleDispatcher } from '../schedules/schedule-dispatcher';
import { ConnectionRepository } from './connection.repository';

export const WHATSAPP_EVENTS_CONSUMER = 'outbound-whatsapp';

/**
 * What outbound takes from whatsapp.events: the connections of each company and their state (a
 * connection that connects restarts the company's pending number checks and its paused campaign
 * sends), the answers to the number checks, campaign sends and schedule sends it asked for, and
 * contacts' messages that answer a campaign's confirmation.
 */
@Injectable()
export class WhatsappEventsConsumer implements EventConsumer {
  readonly subscription: EventConsumer['subscription'];
  private readonly groupId: string;

  constructor(
    private readonly processed: ProcessedEventRepository,
    private readonly connections: ConnectionRepository,
    private readonly numberChecks: NumberChecks,
    private readonly dispatch: CampaignDispatch,
    private readonly confirmations: ConfirmationWatch,
    private readonly scheduleSends: ScheduleDispatcher,
    @Inject(OUTBOUND_OPTIONS) options: OutboundOptions,
  ) {
    this.groupId = options.whatsappGroupId ?? WHATSAPP_EVENTS_CONSUMER;
    this.subscription = {
      groupId: this.groupId,
      topics: [TOPICS.whatsappEvents],
      eventTypes: [
        connectionUpdated.type,
        sessionUpdated.type,
        connectionDeleted.type,
        numbersChecked.type,
        messageSent.type,
        messageSendFailed.type,
        messageReceived.type,
      ],
    };
  }

  async handle(envelope: EventEnvelope): Promise<void> {
    const updated = readEvent(connectionUpdated, envelope);
    const session = envelope.companyId ? readEvent(sessionUpdated, envelope) : null;
    const deleted = readEvent(connectionDeleted, envelope);
    const checked = envelope.companyId ? readEvent(numbersChecked, envelope) : null;
    const ours = (reference: Record<string, string | number> | null) => reference?.service === 'outbound' && reference.kind === 'campaign';
    const sent = readEvent(messageSent, envelope);
    const campaignSent = sent && ours(sent.reference) ? sent : null;
    const failed = readEvent(messageSendFailed, envelope);
    const campaignFailed = failed && ours(failed.reference) ? failed : null;
    // Every contact's message passes here: only one answering a campaign's confirmation is taken.
    const received = readEvent(messageReceived, envelope);
    const answer =
      received &&
      !received.message.fromMe &&
      received.message.chat.number &&
      (await this.confirmations.answers(received.connectionId, received.message.chat.number))
        ? received
        : null;
    // Answers to the schedules' sends.
    const scheduleAnswer = envelope.companyId && (sent ?? failed)?.reference?.service === SCHEDULE_REFERENCE ? (sent ?? failed) : null;
    if (!updated && !session && !deleted && !checked && !campaignSent && !campaignFailed && !answer && !scheduleAnswer) return;
    await this.processed.consumeOnce(this.groupId, envelope, async (manager) => {
      if (updated) {
        await this.connections.upsert(manager, updated.connection);
        if (updated.connection.status === 'CONNECTED') {
          await this.numberChecks.resume(manager, updated.connection.companyId);
          await this.dispatch.connectionUp(manager, updated.connection.id);
        }
      }
      if (session) {
        await this.connections.setStatus(manager, session.companyId, session.session.id, session.session.status, session.session.name);
        if (session.session.status === 'CONNECTED') {
          await this.numberChecks.resume(manager, session.companyId);
          await this.dispatch.connectionUp(manager, session.session.id);
        }
      }
      if (deleted) await this.connections.delete(manager, deleted.companyId, deleted.connectionId);
      if (checked) await this.numberChecks.answered(manager, envelope.companyId!, checked);
      if (campaignSent) await this.dispatch.sent(manager, campaignSent);
      if (campaignFailed) await this.dispatch.sendFailed(manager, campaignFailed);
      if (answer) await this.dispatch.received(manager, answer);
      if (scheduleAnswer) await this.scheduleSends.answered(manager, envelope.companyId!, scheduleAnswer);
    });
  }
}
