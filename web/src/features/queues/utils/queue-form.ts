import { DEFAULT_QUEUE_SCHEDULES, type Queue, type QueueCreateBody } from '@app/contracts';
import { z } from 'zod';

import { nextQueueColor } from '@/lib/color-palette';

const time = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d)?$/, 'queues.validation.time');

/**
 * The queue dialog (spec 3): name 2 to 50 ('Too Short!', 'Too Long!', 'Required'), a colour of 3 to 9
 * characters, order, messages and the out-of-hours week. Messages are i18n keys.
 */
export const queueFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { message: 'queues.validation.required', abort: true })
    .min(2, 'queues.validation.tooShort')
    .max(50, 'queues.validation.tooLong'),
  color: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{2,8}$/, 'queues.validation.color'),
  orderQueue: z.string().regex(/^\d*$/, 'queues.validation.number'),
  greetingMessage: z.string(),
  complationMessage: z.string(),
  outOfHoursMessage: z.string(),
  ratingMessage: z.string(),
  integrationId: z.number().int().positive().nullable(),
  agentId: z.number().int().positive().nullable(),
  promptId: z.number().int().positive().nullable(),
  schedules: z.array(
    z.object({
      weekday: z.string(),
      weekdayEn: z.enum(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']),
      startTime: time,
      endTime: time,
    }),
  ),
});

export type QueueFormValues = z.infer<typeof queueFormSchema>;

/** The palette is shared with the tag editor: it lives in lib. */
export { nextQueueColor, QUEUE_COLORS } from '@/lib/color-palette';

/** The form's start: the queue's values, or an empty queue with a free colour and the spec's default week. */
export function queueFormDefaults(queue: Queue | null, usedColors: readonly string[] = []): QueueFormValues {
  return {
    name: queue?.name ?? '',
    color: queue?.color ?? nextQueueColor(usedColors),
    orderQueue: queue?.orderQueue == null ? '' : String(queue.orderQueue),
    greetingMessage: queue?.greetingMessage ?? '',
    complationMessage: queue?.complationMessage ?? '',
    outOfHoursMessage: queue?.outOfHoursMessage ?? '',
    ratingMessage: queue?.ratingMessage ?? '',
    integrationId: queue?.integrationId ?? null,
    agentId: queue?.agentId ?? null,
    promptId: queue?.promptId ?? null,
    schedules: queue?.schedules?.length
      ? queue.schedules.map((item) => ({ ...item }))
      : DEFAULT_QUEUE_SCHEDULES.map((item) => ({ ...item })),
  };
}

export function toQueueBody(values: QueueFormValues): QueueCreateBody {
  return { ...values, orderQueue: values.orderQueue === '' ? null : Number(values.orderQueue) };
}

export type QueueBinding = Pick<QueueFormValues, 'integrationId' | 'agentId' | 'promptId'>;

/**
 * Spec 3 queue binding: a queue answers through one integration, one AI agent or one prompt; choosing
 * one clears the others, choosing the one already chosen unbinds it.
 */
export function chooseBinding(current: QueueBinding, kind: 'integrationId' | 'agentId', id: number): QueueBinding {
  if (current[kind] === id) return { ...current, [kind]: null };
  return { integrationId: null, agentId: null, promptId: null, [kind]: id };
}

/** The plan's queue limit: reached when the company has as many queues as the plan allows. */
export function queueLimit(count: number, max: number | null | undefined): { reached: boolean; label: string } {
  const reached = typeof max === 'number' && max > 0 && count >= max;
  return { reached, label: `${count}/${max ?? '∞'}` };
}
