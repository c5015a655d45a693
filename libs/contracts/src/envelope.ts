import { z } from 'zod';

/** The one envelope every domain event travels in, on every transport. */
export const eventEnvelopeSchema = z.object({
  id: z.uuid(),
  type: z.string().regex(/^[a-z]+\.[a-zA-Z]+\.[a-zA-Z]+$/, 'type must be <service>.<entity>.<verb>'),
  version: z.number().int().positive(),
  companyId: z.number().int().positive().nullable(),
  key: z.string().min(1),
  occurredAt: z.iso.datetime({ offset: true }),
  payload: z.unknown(),
});

export type EventEnvelope<P = unknown> = Omit<z.infer<typeof eventEnvelopeSchema>, 'payload'> & {
  payload: P;
};
