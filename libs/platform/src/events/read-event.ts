import type { EventDefinition, EventEnvelope, EventPayload } from '@app/contracts';

/**
 * The typed payload of an envelope of the given definition, validated; a payload that does not
 * match throws a ZodError, which the transports treat as poison (dead letter, no retries).
 */
export function readEvent<D extends EventDefinition>(definition: D, envelope: EventEnvelope): EventPayload<D> | null {
  if (envelope.type !== definition.type) return null;
  return definition.payload.parse(envelope.payload) as EventPayload<D>;
}
