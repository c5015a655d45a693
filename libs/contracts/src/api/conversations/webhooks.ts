import { z } from 'zod';

import { invoiceSchema } from '../billing/invoices';
import { campaignSchema } from '../outbound/campaigns';
import { scheduleSchema } from '../outbound/schedules';
import { idParamSchema } from '../primitives';
import { contactSchema } from './contacts';
import { id, isoDateTime } from './fields';
import { messageSchema } from './messages';
import { ticketSchema } from './tickets';

/**
 * Outbound webhooks (issue 26): a company admin (plan flag useExternalApi) registers endpoints for the
 * public events below; each delivery is signed the Standard Webhooks way (headers webhook-id,
 * webhook-timestamp, webhook-signature `v1,<base64 HMAC-SHA256 of id.timestamp.body>` with the
 * endpoint's `whsec_` secret) and comes from a persisted queue with retries for up to a day.
 */

/** The public event names: stable, whatever the internal domain events are called. */
export const WEBHOOK_EVENT_TYPES = [
  'message.received',
  'message.sent',
  'message.status',
  'ticket.created',
  'ticket.updated',
  'ticket.closed',
  'contact.updated',
  'campaign.finished',
  'appointment.booked',
  'payment.confirmed',
] as const;
export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookEventType = z.infer<typeof webhookEventTypeSchema>;

/** `whsec_` and the base64 of 24 random bytes (the Standard Webhooks secret format). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
export const WEBHOOK_URL_MAX = 2_048;
export const WEBHOOK_DESCRIPTION_MAX = 120;
/** How long the secret before a rotation still signs (both signatures are sent meanwhile). */
export const WEBHOOK_ROTATION_OVERLAP_MAX_HOURS = 7 * 24;

const webhookUrl = z
  .string()
  .trim()
  .max(WEBHOOK_URL_MAX)
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), 'an http(s) URL');
const eventList = z
  .array(webhookEventTypeSchema)
  .min(1)
  .max(WEBHOOK_EVENT_TYPES.length)
  .refine((events) => new Set(events).size === events.length, 'each event once');

export const webhookEndpointCreateSchema = z.strictObject({
  url: webhookUrl,
  events: eventList,
  description: z.string().trim().max(WEBHOOK_DESCRIPTION_MAX).default(''),
  enabled: z.boolean().default(true),
});
export type WebhookEndpointCreateBody = z.infer<typeof webhookEndpointCreateSchema>;

export const webhookEndpointUpdateSchema = z
  .strictObject({
    url: webhookUrl.optional(),
    events: eventList.optional(),
    description: z.string().trim().max(WEBHOOK_DESCRIPTION_MAX).optional(),
    enabled: z.boolean().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'nothing to change');
export type WebhookEndpointUpdateBody = z.infer<typeof webhookEndpointUpdateSchema>;

export const webhookSecretRotateSchema = z.strictObject({
  /** How long the old secret keeps signing beside the new one (0: at once replaced). */
  overlapHours: z.number().int().min(0).max(WEBHOOK_ROTATION_OVERLAP_MAX_HOURS).default(24),
});
export type WebhookSecretRotateBody = z.infer<typeof webhookSecretRotateSchema>;

export const webhookEndpointSchema = z.object({
  id,
  url: z.string(),
  events: z.array(webhookEventTypeSchema),
  description: z.string(),
  enabled: z.boolean(),
  /** `whsec_••••` and the secret's last 4 characters; the secret itself is shown on creation and rotation only. */
  secretPreview: z.string(),
  /** Until when the secret before the last rotation still signs; null: one secret. */
  previousSecretUntil: isoDateTime.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;
/** In the list: the endpoint's most recent delivery (null: none yet), for the settings screen. */
export const webhookEndpointListItemSchema = webhookEndpointSchema.extend({
  lastDelivery: z
    .object({
      state: z.enum(['pending', 'delivered', 'dead']),
      /** The receiver's last HTTP status; null when it was not reached (or not tried yet). */
      status: z.number().int().nullable(),
      attempts: z.number().int().min(0),
      at: isoDateTime,
    })
    .nullable(),
});
export type WebhookEndpointListItem = z.infer<typeof webhookEndpointListItemSchema>;
export const webhookEndpointListSchema = z.object({ endpoints: z.array(webhookEndpointListItemSchema) });

export const webhookEndpointWithSecretSchema = webhookEndpointSchema.extend({
  secret: z.string().startsWith(WEBHOOK_SECRET_PREFIX),
});
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'dead'] as const;
export const webhookDeliveryStateSchema = z.enum(WEBHOOK_DELIVERY_STATES);

export const webhookDeliverySchema = z.object({
  id,
  endpointId: id,
  /** The webhook-id header: the same on every attempt and on 'send again'. */
  messageId: z.string(),
  eventType: webhookEventTypeSchema,
  state: webhookDeliveryStateSchema,
  attempts: z.number().int().min(0),
  /** The receiver's last HTTP status; null when it was not reached. */
  lastStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: isoDateTime.nullable(),
  deliveredAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListQuerySchema = z.strictObject({
  endpointId: idParamSchema.optional(),
  state: webhookDeliveryStateSchema.optional(),
  pageNumber: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type WebhookDeliveryListQuery = z.infer<typeof webhookDeliveryListQuerySchema>;
export const webhookDeliveryListSchema = z.object({ deliveries: z.array(webhookDeliverySchema), hasMore: z.boolean() });

// ---------------------------------------------------------------------------------------------
// What a receiver gets: `{ type, timestamp, data }`, one schema per event.
// ---------------------------------------------------------------------------------------------

const webhookMessage = <T extends WebhookEventType, D extends z.ZodType>(type: T, data: D) =>
  z.object({ type: z.literal(type), timestamp: isoDateTime, data });

const messageData = z.object({ message: messageSchema, ticket: ticketSchema });
const ticketData = z.object({ ticket: ticketSchema });

export const WEBHOOK_PAYLOAD_SCHEMAS = {
  'message.received': webhookMessage('message.received', messageData),
  'message.sent': webhookMessage('message.sent', messageData),
  'message.status': webhookMessage('message.status', messageData),
  'ticket.created': webhookMessage('ticket.created', ticketData),
  'ticket.updated': webhookMessage('ticket.updated', ticketData),
  'ticket.closed': webhookMessage('ticket.closed', ticketData),
  'contact.updated': webhookMessage('contact.updated', z.object({ contact: contactSchema, created: z.boolean() })),
  'campaign.finished': webhookMessage('campaign.finished', z.object({ campaign: campaignSchema })),
  'appointment.booked': webhookMessage('appointment.booked', z.object({ appointment: scheduleSchema })),
  'payment.confirmed': webhookMessage('payment.confirmed', z.object({ invoice: invoiceSchema })),
} as const satisfies Record<WebhookEventType, z.ZodType>;

const P = WEBHOOK_PAYLOAD_SCHEMAS;
export const webhookPayloadSchema = z.discriminatedUnion('type', [
  P['message.received'],
  P['message.sent'],
  P['message.status'],
  P['ticket.created'],
  P['ticket.updated'],
  P['ticket.closed'],
  P['contact.updated'],
  P['campaign.finished'],
  P['appointment.booked'],
  P['payment.confirmed'],
]);
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;

/** What each event means, for the OpenAPI document and the settings screen. */
export const WEBHOOK_EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  'message.received': 'A message from a contact was stored on a ticket.',
  'message.sent': 'A message was sent on a ticket (by a user, a bot, a campaign or the API).',
  'message.status': "A message's status changed (sent, delivered, read, failed, edited, deleted).",
  'ticket.created': 'A ticket was opened.',
  'ticket.updated': 'A ticket changed (status, user, queue, tags, last message).',
  'ticket.closed': 'A ticket was closed.',
  'contact.updated': 'A contact was created or changed.',
  'campaign.finished': 'A campaign finished sending.',
  'appointment.booked': 'An appointment was booked.',
  'payment.confirmed': 'An invoice was paid.',
};
