import { DEFAULT_QUEUE_SCHEDULES, type Queue, type QueueCreateBody } from '@app/contracts';
import { z } from 'zod';

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

/** Colours offered to a new queue, in order; a company's colours are unique (ERR_QUEUE_COLOR_ALREADY_EXISTS). */
export const QUEUE_COLORS = [
  '#2576d2',
  '#e91e63',
  '#4caf50',
  '#ff9800',
  '#9c27b0',
  '#00bcd4',
  '#f44336',
  '#3f51b5',
  '#8bc34a',
  '#795548',
  '#009688',
  '#ffc107',
  '#673ab7',
  '#03a9f4',
  '#cddc39',
  '#ff5722',
  '#607d8b',
  '#1b5e20',
  '#880e4f',
  '#0d47a1',
] as const;

/** The first palette colour no queue uses yet, so a new queue does not collide by default. */
export function nextQueueColor(usedColors: readonly string[]): string {
  const used = new Set(usedColors.map((color) => color.toLowerCase()));
  const free = QUEUE_COLORS.find((color) => !used.has(color));
  if (free) return free;
  // Past the palette: distinct generated colours (the step is odd), one of the first used.size + 1 is free.
  for (let step = 0; step < used.size; step++) {
    const color = `#${((0x000080 + step * 0x010203) % 0x1000000).toString(16).padStart(6, '0')}`;
    if (!used.has(color)) return color;
  }
  return `#${((0x000080 + used.size * 0x010203) % 0x1000000).toString(16).padStart(6, '0')}`;
}

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
    schedules: queue?.schedules?.length
      ? queue.schedules.map((item) => ({ ...item }))
      : DEFAULT_QUEUE_SCHEDULES.map((item) => ({ ...item })),
  };
}

export function toQueueBody(values: QueueFormValues): QueueCreateBody {
  return { ...values, orderQueue: values.orderQueue === '' ? null : Number(values.orderQueue) };
}

/** The plan's queue limit: reached when the company has as many queues as the plan allows. */
export function queueLimit(count: number, max: number | null | undefined): { reached: boolean; label: string } {
  const reached = typeof max === 'number' && max > 0 && count >= max;
  return { reached, label: `${count}/${max ?? '∞'}` };
}
