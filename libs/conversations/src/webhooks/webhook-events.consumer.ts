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
import { WebhookDeliveryRepository } from './webhook-delivery.repository';
import { WebhookEndpointRepository } from './webhook-endpoint.repository';

export const WEBHOOK_EVENTS_CONSUMER = 'conversations-webhooks';

/** One public event made of a domain event: its payload, the webhook-id and the ticket whose order it keeps. */
interface PublicEvent {
  type: WebhookEventType;
  data: unknown;
  messageId: string;
  orderingKey: string | null;
}

/** A ticket seen for the first time whose creation and last change are this close was just created. */
const JUST_CREATED_MS = 2_000;

/**
 * Turns the services' domain events into the public webhook events and queues one delivery per
 * endpoint of the company that takes the event, in the transaction that records the event as
 * applied (a redelivered event queues nothing again). An event whose company has no endpoint for it
 * costs one indexed read and no write.
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

  async handle(envelope: EventEnvelope): Promise<void> {
    const companyId = envelope.companyId;
    if (companyId === null || !RELEVANT.has(envelope.type)) return;
    if (!(await this.endpoints.anyEnabled(null, companyId))) return;
    let queued = 0;
    await this.processed.applyOnce(WEBHOOK_EVENTS_CONSUMER, envelope, async (manager) => {
      const event = await this.publicEvent(manager, companyId, envelope);
      if (!event) return;
      const endpointIds = await this.endpoints.subscribedTo(manager, companyId, event.type);
      const payload: WebhookPayload = { type: event.type, timestamp: envelope.occurredAt, data: event.data } as WebhookPayload;
      queued = await this.deliveries.enqueue(
        manager,
        companyId,
        endpointIds.map((endpointId) => ({
          endpointId,
          messageId: event.messageId,
          eventType: event.type,
          orderingKey: event.orderingKey,
          payload,
        })),
      );
    });
    if (queued > 0) this.dispatcher.wake();
  }

  private async publicEvent(manager: EntityManager, companyId: number, envelope: EventEnvelope): Promise<PublicEvent | null> {
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
      if (!(await this.endpoints.anyEnabled(manager, companyId))) return null;
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
