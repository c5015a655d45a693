import { AI_EVENTS } from './ai.events';
import { BILLING_EVENTS } from './billing.events';
import { CONVERSATIONS_EVENTS } from './conversations.events';
import type { EventDefinition } from './define-event';
import { IDENTITY_EVENTS, userCreated } from './identity.events';
import { OUTBOUND_EVENTS } from './outbound.events';
import { SCHEDULE_EVENTS } from './outbound-schedules.events';
import { SERVICE_CATALOGUE_EVENTS } from './outbound-services.events';
import { WHATSAPP_EVENTS } from './whatsapp.events';

export * from './ai.events';
export * from './billing.events';
export * from './conversations.events';
export * from './define-event';
export * from './identity.events';
export * from './outbound.events';
export * from './outbound-schedules.events';
export * from './outbound-send-reference';
export * from './outbound-services.events';
export * from './whatsapp.events';

/** Every event the platform knows, by type; producers and consumers validate payloads with these. */
export const EVENT_CATALOGUE: Record<string, EventDefinition> = Object.fromEntries(
  [
    userCreated,
    ...IDENTITY_EVENTS,
    ...WHATSAPP_EVENTS,
    ...CONVERSATIONS_EVENTS,
    ...OUTBOUND_EVENTS,
    ...SERVICE_CATALOGUE_EVENTS,
    ...SCHEDULE_EVENTS,
    ...AI_EVENTS,
    ...BILLING_EVENTS,
  ].map((definition) => [definition.type, definition as EventDefinition]),
);
