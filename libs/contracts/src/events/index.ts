import { userCreated } from './identity.events';
import type { EventDefinition } from './define-event';

export * from './define-event';
export * from './identity.events';

/** Every event the platform knows, by type; producers and consumers validate payloads with these. */
export const EVENT_CATALOGUE: Record<string, EventDefinition> = Object.fromEntries(
  [userCreated].map((definition) => [definition.type, definition as EventDefinition]),
);
