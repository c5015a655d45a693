import {
  campaignSaved,
  contactSaved,
  type EventEnvelope,
  invoicePaid,
  messageCreated,
  messageUpdated,
  scheduleSaved,
  ticketUpdated,
  TOPICS,
  type WebhookEventType,
  type WebhookPayload,
} from '@app/contracts';
import { type EventConsumer, readEvent } from '@app/platform';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { ProcessedEventRepository } from '../common/processed-event.repository';
import { WebhookDispatcher } from './webhook.dispatcher';
import { type NewDelivery, WebhookDeliveryRepository } from './webhook-delivery.repository';
import { WebhookEndpointRepository } from './webhook-endpoint.repository';

export const WEBHOOK_EVENTS_CONSUMER = 'conversations-webhooks';

/** One public event made of a domain event: its payload, the webhook-id and the ticket whose order it keeps. */
interface PublicEvent {
  type: WebhookEventType;
  data: unknown;
  messageId: string;
  orderingKey: string | null;
}

/** What one batch's transaction read once: whether a company has an enabled endpoint, which endpoints take a company's event type. */
interface Batch {
  enabled: Map<number, boolean>;
  subscribed: Map<string, number[]>;
}

/** A ticket seen for the first time whose creation and last change are this close was just created. */
const JUST_CREATED_MS = 2_000;

/**
 * Turns the services' domain events into the public webhook events and queues one delivery per
 * endpoint of the company that takes the event, in the transaction that records the event as
 * applied (a redelivered event queues nothing again). An event whose company has no endpoint for it
 * costs its share of one indexed read per batch and no write.
 */
@Injectable()
export class WebhookEventsConsumer implements EventConsumer {
  readonly subscription = {
    groupId: WEBHOOK_EVENTS_CONSUMER,
    topics: [TOPICS.conversationsEvents, TOPICS.outboundEvents, TOPICS.billingEvents],
  };

  constructor(
    private readonly processed: ProcessedEventRepository,
    private readonly endpoints: WebhookEndpointRepository,
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly dispatcher: WebhookDispatcher,
  ) {}

  handle(envelope: EventEnvelope): Promise<void> {
    return this.handleBatch([envelope]);
  }

  /**
   * A batch: the companies with an enabled endpoint found in one read, then the events of those
   * companies turned into deliveries in one transaction with their records as applied (each company's
   * deliveries in one statement, in the events' order). A failing batch is handled again event by event.
   */
  async handleBatch(envelopes: EventEnvelope[]): Promise<void> {
    const relevant = envelopes.filter((envelope) => envelope.companyId !== null && RELEVANT.has(envelope.type));
    if (relevant.length === 0) return;
    const hooked = await this.endpoints.enabledAmong([...new Set(relevant.map((envelope) => envelope.companyId!))]);
    const taken = relevant.filter((envelope) => hooked.has(envelope.companyId!));
    if (taken.length === 0) return;
    let queued = 0;
    await this.processed.applyBatchOnce(WEBHOOK_EVENTS_CONSUMER, taken, async (manager, fresh) => {
      queued = 0;
      const batch: Batch = { enabled: new Map(), subscribed: new Map() };
      const deliveries = new Map<number, NewDelivery[]>();
      for (const envelope of fresh) {
        const companyId = envelope.companyId!;
        const event = await this.publicEvent(manager, companyId, envelope, batch);
        if (!event) continue;
        const key = `${companyId}:${event.type}`;
        const endpointIds = batch.subscribed.get(key) ?? (await this.endpoints.subscribedTo(manager, companyId, event.type));
        batch.subscribed.set(key, endpointIds);
        if (endpointIds.length === 0) continue;
        const payload: WebhookPayload = { type: event.type, timestamp: envelope.occurredAt, data: event.data } as WebhookPayload;
        const ofCompany = deliveries.get(companyId) ?? [];
        deliveries.set(companyId, ofCompany);
        for (const endpointId of endpointIds) {
          ofCompany.push({ endpointId, messageId: event.messageId, eventType: event.type, orderingKey: event.orderingKey, payload });
        }
      }
      for (const [companyId, ofCompany] of deliveries) queued += await this.deliveries.enqueue(manager, companyId, ofCompany);
    });
    if (queued > 0) this.dispatcher.wake();
  }

  private async publicEvent(manager: EntityManager, companyId: number, envelope: EventEnvelope, batch: Batch): Promise<PublicEvent | null> {
    const messageId = `msg_${envelope.id}`;
    const created = readEvent(messageCreated, envelope);
    if (created) {
      return {
        type: created.message.fromMe ? 'message.sent' : 'message.received',
        data: { message: created.message, ticket: created.ticket },
        messageId,
        orderingKey: `ticket:${created.ticket.id}`,
      };
    }
    const updated = readEvent(messageUpdated, envelope);
    if (updated) {
      return {
        type: 'message.status',
        data: { message: updated.message, ticket: updated.ticket },
        messageId,
        orderingKey: `ticket:${updated.ticket.id}`,
      };
    }
    const ticket = readEvent(ticketUpdated, envelope)?.ticket;
    if (ticket) {
      // The states are kept only for companies with webhooks: the others' tickets cost nothing here.
      const enabled = batch.enabled.get(companyId) ?? (await this.endpoints.anyEnabled(manager, companyId));
      batch.enabled.set(companyId, enabled);
      if (!enabled) return null;
      const before = await this.endpoints.ticketStatusSeen(manager, companyId, ticket.id, ticket.status);
      const justCreated = Math.abs(Date.parse(ticket.updatedAt) - Date.parse(ticket.createdAt)) <= JUST_CREATED_MS;
      const type: WebhookEventType =
        before === null && justCreated
          ? 'ticket.created'
          : ticket.status === 'closed' && before !== 'closed'
            ? 'ticket.closed'
            : 'ticket.updated';
      return { type, data: { ticket }, messageId, orderingKey: `ticket:${ticket.id}` };
    }
    const contact = readEvent(contactSaved, envelope);
    if (contact) return { type: 'contact.updated', data: contact, messageId, orderingKey: null };
    const campaign = readEvent(campaignSaved, envelope)?.campaign;
    if (campaign?.status === 'FINALIZADA') {
      // Saved again once finished (a rename) is no second finish: the id names the campaign's finish.
      return { type: 'campaign.finished', data: { campaign }, messageId: `msg_campaign_${campaign.id}_finished`, orderingKey: null };
    }
    const schedule = readEvent(scheduleSaved, envelope);
    if (schedule?.created) return { type: 'appointment.booked', data: { appointment: schedule.schedule }, messageId, orderingKey: null };
    const invoice = readEvent(invoicePaid, envelope)?.invoice;
    if (invoice) {
      return { type: 'payment.confirmed', data: { invoice }, messageId: `msg_invoice_${invoice.id}_paid`, orderingKey: null };
    }
    return null;
  }
}

const RELEVANT = new Set<string>([
  messageCreated.type,
  messageUpdated.type,
  ticketUpdated.type,
  contactSaved.type,
  campaignSaved.type,
  scheduleSaved.type,
  invoicePaid.type,
]);
