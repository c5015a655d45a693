import { z } from 'zod';

import { colour, id, isoDateTime, M } from './fields';

// ---------------------------------------------------------------------------------------------
// Queues
// ---------------------------------------------------------------------------------------------

const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, '##:##');
export const queueScheduleSchema = z.object({
  weekday: z.string().trim().max(30),
  weekdayEn: z.enum(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']),
  startTime: timeOfDay.or(z.literal('')),
  endTime: timeOfDay.or(z.literal('')),
});
export type QueueSchedule = z.infer<typeof queueScheduleSchema>;

export const queueSchema = z.object({
  id,
  name: z.string(),
  color: z.string(),
  greetingMessage: z.string(),
  complationMessage: z.string(),
  outOfHoursMessage: z.string(),
  ratingMessage: z.string(),
  orderQueue: z.number().int().nullable(),
  integrationId: id.nullable(),
  agentId: id.nullable(),
  promptId: id.nullable(),
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  schedules: z.array(queueScheduleSchema),
  companyId: id,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Queue = z.infer<typeof queueSchema>;

/** What a ticket or a user carries of its queue. */
export const queueRefSchema = z.object({ id, name: z.string(), color: z.string() });
export type QueueRef = z.infer<typeof queueRefSchema>;

const longText = z.string().max(5_000, M.genericTooLong);

/** POST /queue. */
export const queueCreateSchema = z.object({
  name: z.string({ error: M.required }).trim().min(2, M.tooShort).max(50, M.tooLong),
  color: colour,
  greetingMessage: longText.default(''),
  complationMessage: longText.default(''),
  outOfHoursMessage: longText.default(''),
  ratingMessage: longText.default(''),
  orderQueue: z.coerce.number().int().min(0).max(10_000).nullable().default(null),
  integrationId: id.nullable().default(null),
  agentId: id.nullable().default(null),
  promptId: id.nullable().default(null),
  schedules: z.array(queueScheduleSchema).max(7).optional(),
});
export type QueueCreateBody = z.input<typeof queueCreateSchema>;
/** PUT /queue/{id}: only sent fields change. */
export const queueUpdateSchema = queueCreateSchema.partial();
export type QueueUpdateBody = z.input<typeof queueUpdateSchema>;
/** GET /queue answers a plain array (ordered by orderQueue, then name). */
export const queueListResponseSchema = z.array(queueSchema);
/** DELETE /queue/{id}. */
export const queueDeleteResponseSchema = z.object({ message: z.string() });

/** `company-{id}-queue`: the queues list refreshes live (spec 3). */
export const queueSocketPayloadSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('create'), queue: queueSchema }),
  z.object({ action: z.literal('update'), queue: queueSchema }),
  z.object({ action: z.literal('delete'), queueId: id }),
]);
export type QueueSocketPayload = z.infer<typeof queueSocketPayloadSchema>;
