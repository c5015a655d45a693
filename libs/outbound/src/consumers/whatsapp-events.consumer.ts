import {
  type EventEnvelope,
  messageSendFailed,
  messageSent,
  numbersChecked,
  type OutboundSendReference,
  readOutboundSendReference,
  TOPICS,
} from '@app/contracts';
import { type EventConsumer, ProcessedEventRepository, readEvent } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { AppointmentDispatcher } from '../booking/appointments/appointment-dispatcher';
import { NumberChecks } from '../campaigns/contact-lists/number-checks';
import { CampaignAnswers } from '../campaigns/dispatch/campaign-answers';
import { OUTBOUND_OPTIONS, type OutboundOptions } from '../common/outbound-options';
import { ConnectionProjection } from '../projections/connection-projection';

export const WHATSAPP_EVENTS_CONSUMER = 'outbound-whatsapp';

/**
 * A part of outbound that acts on whatsapp events: the event types it wants, and what it reads of
 * one before the transaction (null when nothing), returned as its work inside the transaction.
 */
interface WhatsappEventReaction {
  readonly eventTypes: readonly string[];
  take(envelope: EventEnvelope, reference: OutboundSendReference | null): Promise<((manager: EntityManager) => Promise<void>) | null>;
}

/**
 * Hands each whatsapp event to the parts of outbound it serves, in one consumer group and one
 * transaction (so a connection is known connected before the sends it resumes read it): the
 * connections' projection, the contact lists' number checks, the campaigns' sends and the
 * appointments' messages and reminders. The answer's `reference` is read here, once.
 */
@Injectable()
export class WhatsappEventsConsumer implements EventConsumer {
  readonly subscription: EventConsumer['subscription'];
  private readonly groupId: string;
  private readonly reactions: WhatsappEventReaction[];

  constructor(
    private readonly processed: ProcessedEventRepository,
    connections: ConnectionProjection,
    numberChecks: NumberChecks,
    campaigns: CampaignAnswers,
    appointments: AppointmentDispatcher,
    @Inject(OUTBOUND_OPTIONS) options: OutboundOptions,
  ) {
    this.groupId = options.whatsappGroupId ?? WHATSAPP_EVENTS_CONSUMER;
    // In this order: the projection first, then what reads it.
    this.reactions = [connections, numberChecks, campaigns, appointments];
    this.subscription = {
      groupId: this.groupId,
      topics: [TOPICS.whatsappEvents],
      eventTypes: [...new Set(this.reactions.flatMap((reaction) => reaction.eventTypes))],
    };
  }

  async handle(envelope: EventEnvelope): Promise<void> {
    const answer = readEvent(messageSent, envelope) ?? readEvent(messageSendFailed, envelope) ?? readEvent(numbersChecked, envelope);
    const reference = readOutboundSendReference(answer?.reference);
    const works = (await Promise.all(this.reactions.map((reaction) => reaction.take(envelope, reference)))).filter((work) => work !== null);
    if (works.length === 0) return;
    await this.processed.consumeOnce(this.groupId, envelope, async (manager) => {
      for (const work of works) await work(manager);
    });
  }
}
