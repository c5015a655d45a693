import { z } from 'zod';

/** The wire form of a command's `reference`: whatsapp echoes it on the answer without reading it. */
export type WireReference = Record<string, string | number>;

const rowId = z.number().int().positive();
const count = z.number().int().nonnegative();

/**
 * What outbound writes in the `reference` of its whatsapp commands and reads back on their answers
 * (`whatsapp.message.sent`, `whatsapp.message.sendFailed`, `whatsapp.numbers.checked`), one `kind`
 * per thing it sends: a campaign's message to a recipient (its shipping record, attempt, stage and
 * part), a batch of contact list numbers to check (the items' ids, comma-separated: a reference holds
 * strings and numbers only), and an appointment's message or reminder (its send and appointment).
 */
export const outboundSendReferenceSchema = z.discriminatedUnion('kind', [
  z.object({
    service: z.literal('outbound'),
    kind: z.literal('campaign'),
    campaignId: rowId,
    shippingId: rowId,
    attempt: count,
    stage: z.enum(['main', 'confirmation']),
    part: count,
  }),
  z.object({ service: z.literal('outbound'), kind: z.literal('numberCheck'), items: z.string().regex(/^\d+(,\d+)*$/) }),
  z.object({ service: z.literal('outbound'), kind: z.literal('appointment'), send: rowId, appointment: rowId }),
]);
export type OutboundSendReference = z.infer<typeof outboundSendReferenceSchema>;

/**
 * The shapes written before this contract, still read while such commands may be stored or in flight
 * (an outbox not yet relayed, a send intent waiting for its connection): a number check's batch had no
 * `kind`, an appointment's send named its own service and called the appointment `schedule`.
 */
const legacyReferenceSchema = z.union([
  z
    .object({ service: z.literal('outbound'), items: z.string().regex(/^\d+(,\d+)*$/) })
    .transform(({ items }): OutboundSendReference => ({ service: 'outbound', kind: 'numberCheck', items })),
  z
    .object({ service: z.literal('outbound-schedules'), send: rowId, schedule: rowId })
    .transform(({ send, schedule }): OutboundSendReference => ({ service: 'outbound', kind: 'appointment', send, appointment: schedule })),
]);

/** The outbound send an answer is about; null when the reference is another service's, absent or malformed. */
export function readOutboundSendReference(reference: WireReference | null | undefined): OutboundSendReference | null {
  if (!reference) return null;
  const current = outboundSendReferenceSchema.safeParse(reference);
  if (current.success) return current.data;
  const legacy = legacyReferenceSchema.safeParse(reference);
  return legacy.success ? legacy.data : null;
}

/** A reference to write on a command (typed here, carried as a plain record). */
export const outboundSendReference = (reference: OutboundSendReference): WireReference => reference;
