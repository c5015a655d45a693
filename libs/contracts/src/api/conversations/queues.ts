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
/** A week of at most four intervals a day (a day may be split, e.g. around lunch). */
export const QUEUE_SCHEDULE_MAX_ENTRIES = 28;

const WEEK = [
  { short: 'mon', weekdayEn: 'monday', weekday: 'Segunda-feira' },
  { short: 'tue', weekdayEn: 'tuesday', weekday: 'Terça-feira' },
  { short: 'wed', weekdayEn: 'wednesday', weekday: 'Quarta-feira' },
  { short: 'thu', weekdayEn: 'thursday', weekday: 'Quinta-feira' },
  { short: 'fri', weekdayEn: 'friday', weekday: 'Sexta-feira' },
  { short: 'sat', weekdayEn: 'saturday', weekday: 'Sábado' },
  { short: 'sun', weekdayEn: 'sunday', weekday: 'Domingo' },
] as const;

const hourRangeSchema = z
  .object({ from: timeOfDay, to: timeOfDay })
  .refine((range) => range.to > range.from, { message: 'O fim deve ser depois do início', path: ['to'] });

/**
 * The ticketz client's OpenHours form: `{ weeklyRules: [{ days: ['mon', ...], hours: [{ from, to }] }],
 * overrides: [{ date, repeat?, closed?, hours?, label? }], timezone }` (its older form sends `{}`). Kept
 * as the house's week (`schedules` entries, one per interval; a day no rule opens is closed, and no
 * rule at all means no hours set). Dated overrides and a zone of the queue's own have no place in the
 * house's model (the company's zone applies): they are read and dropped (docs/api.md).
 */
export const queueOpenHoursSchema = z
  .object({
    weeklyRules: z
      .array(
        z.object({
          days: z.array(z.enum(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'])).max(7),
          hours: z.array(hourRangeSchema).max(4),
        }),
      )
      .max(7)
      .default([]),
    overrides: z
      .array(z.object({ date: z.string().max(10) }).loose())
      .max(400)
      .default([]),
    timezone: z.string().max(64).optional(),
  })
  .transform(({ weeklyRules }): QueueSchedule[] => {
    if (weeklyRules.length === 0) return [];
    return WEEK.flatMap((day) => {
      const ranges = weeklyRules
        .filter((rule) => rule.days.includes(day.short))
        .flatMap((rule) => rule.hours)
        .sort((a, b) => a.from.localeCompare(b.from));
      const unique = ranges.filter(
        (range, index) => index === 0 || range.from !== ranges[index - 1]!.from || range.to !== ranges[index - 1]!.to,
      );
      if (unique.length === 0) return [{ weekday: day.weekday, weekdayEn: day.weekdayEn, startTime: '00:00', endTime: '00:00' }];
      return unique.map((range) => ({ weekday: day.weekday, weekdayEn: day.weekdayEn, startTime: range.from, endTime: range.to }));
    });
  });

const scheduleListSchema = z.array(queueScheduleSchema).max(QUEUE_SCHEDULE_MAX_ENTRIES);

/**
 * `schedules` of POST and PUT /queue: the list of weekday entries, or the ticketz OpenHours object.
 * The shape picks the schema, so a refusal names the field at fault (a union would only say
 * 'Invalid input' for the whole of `schedules`).
 */
const queueSchedulesInput = z
  .custom<z.input<typeof scheduleListSchema> | z.input<typeof queueOpenHoursSchema>>(() => true)
  .transform((value, context): QueueSchedule[] => {
    const result = (Array.isArray(value) ? scheduleListSchema : queueOpenHoursSchema).safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues) context.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  });

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

/** The fields of a queue a client sends, without defaults (PUT changes only what it sends). */
const queueFields = {
  name: z.string({ error: M.required }).trim().min(2, M.tooShort).max(50, M.tooLong),
  color: colour,
  greetingMessage: longText,
  complationMessage: longText,
  outOfHoursMessage: longText,
  ratingMessage: longText,
  orderQueue: z.coerce.number().int().min(0).max(10_000).nullable(),
  integrationId: id.nullable(),
  agentId: id.nullable(),
  promptId: id.nullable(),
  schedules: queueSchedulesInput.optional(),
};

/** POST /queue. */
export const queueCreateSchema = z.object({
  ...queueFields,
  greetingMessage: queueFields.greetingMessage.default(''),
  complationMessage: queueFields.complationMessage.default(''),
  outOfHoursMessage: queueFields.outOfHoursMessage.default(''),
  ratingMessage: queueFields.ratingMessage.default(''),
  orderQueue: queueFields.orderQueue.default(null),
  integrationId: queueFields.integrationId.default(null),
  agentId: queueFields.agentId.default(null),
  promptId: queueFields.promptId.default(null),
});
export type QueueCreateBody = z.input<typeof queueCreateSchema>;
/** A POST /queue body once read (the schedules as the list of weekday entries). */
export type QueueCreateValues = z.output<typeof queueCreateSchema>;
/** PUT /queue/{id}: only sent fields change (a field left out keeps its value, not the creation default). */
export const queueUpdateSchema = z.object(queueFields).partial();
export type QueueUpdateBody = z.input<typeof queueUpdateSchema>;
export type QueueUpdateValues = z.output<typeof queueUpdateSchema>;
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
