import {
  BLOCK_REASON_MAX,
  BLOCK_TITLE_MAX,
  DEFAULT_BLOCK_COLOR,
  DEFAULT_BLOCK_TIMES,
  type ScheduleBlockBody,
  type ScheduleBlockRecord,
} from '@app/contracts';
import { z } from 'zod';

import { fromZonedInput, toZonedInput, zonedDay } from '@/lib/company-time';

/**
 * The block form (spec 2 section 5, 'Block'): title required ('Título é obrigatório'); end after start
 * ('Data/hora de fim deve ser posterior ao início'); reason optional; an all-day block is the whole
 * start day (its end is not asked). Times are typed in the company's zone. Messages are i18n keys.
 */
export const blockFormSchema = z
  .object({
    title: z.string().trim().min(1, 'schedules.validation.blockTitleRequired').max(BLOCK_TITLE_MAX, 'schedules.validation.tooLong'),
    startDateTime: z.string().min(1, 'validation.required'),
    endDateTime: z.string(),
    isAllDay: z.boolean(),
    reason: z.string().trim().max(BLOCK_REASON_MAX, 'schedules.validation.tooLong'),
    color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'validation.invalidValue'),
  })
  .superRefine((block, ctx) => {
    if (block.isAllDay) return;
    if (!block.endDateTime) {
      ctx.addIssue({ code: 'custom', path: ['endDateTime'], message: 'validation.required' });
      return;
    }
    if (block.startDateTime && block.endDateTime <= block.startDateTime) {
      ctx.addIssue({ code: 'custom', path: ['endDateTime'], message: 'schedules.validation.blockEndBeforeStart' });
    }
  });
export type BlockFormValues = z.infer<typeof blockFormSchema>;

/** A new block: today (in the company's zone) 09:00 to 17:00, #ff5722 (spec 2 section 9). */
export function blockFormDefaults(zone: string, now: Date): BlockFormValues {
  const day = zonedDay(now, zone);
  return {
    title: '',
    startDateTime: `${day}T${DEFAULT_BLOCK_TIMES.start}`,
    endDateTime: `${day}T${DEFAULT_BLOCK_TIMES.end}`,
    isAllDay: false,
    reason: '',
    color: DEFAULT_BLOCK_COLOR,
  };
}

/** A saved block in the form, its times in the company's zone (an all-day one keeps its day's default end, not asked). */
export function blockFormValues(block: ScheduleBlockRecord, zone: string): BlockFormValues {
  const start = toZonedInput(block.startDateTime, zone);
  return {
    title: block.title,
    startDateTime: start,
    endDateTime: block.isAllDay ? `${start.slice(0, 10)}T${DEFAULT_BLOCK_TIMES.end}` : toZonedInput(block.endDateTime, zone),
    isAllDay: block.isAllDay,
    reason: block.reason ?? '',
    color: block.color,
  };
}

/** What the form sends: instants in UTC; an all-day block from the start of its day to the start of the next. */
export function toBlockBody(values: BlockFormValues, zone: string): ScheduleBlockBody {
  const day = values.startDateTime.slice(0, 10);
  const start = fromZonedInput(values.isAllDay ? `${day}T00:00` : values.startDateTime, zone);
  const end = values.isAllDay ? null : fromZonedInput(values.endDateTime, zone);
  return {
    title: values.title,
    startDateTime: start ? start.toISOString() : values.startDateTime,
    endDateTime: values.isAllDay ? null : end ? end.toISOString() : values.endDateTime,
    isAllDay: values.isAllDay,
    reason: values.reason || null,
    color: values.color,
  };
}
