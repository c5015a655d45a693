import {
  SCHEDULE_BODY_MAX,
  SCHEDULE_BODY_MIN,
  SCHEDULE_DEFAULT_DURATION,
  SCHEDULE_DEFAULT_SEND_AHEAD_MINUTES,
  SCHEDULE_DURATION_MIN,
  SCHEDULE_DURATION_OPTIONS,
  SCHEDULE_EXTRA_INFO_MAX,
  type ScheduleBody,
  type ScheduleRecord,
} from '@app/contracts';
import { z } from 'zod';

import { fromZonedInput, toZonedInput } from '@/lib/company-time';

const required = { message: 'validation.required', abort: true } as const;

/** The four reminders (spec 2 section 9), in the dialog's order: 1 day, 3 hours, 1 hour, 5 minutes before. */
export const REMINDER_FIELDS = ['reminder1DayEnabled', 'reminder3HoursEnabled', 'reminder1HourEnabled', 'reminder5MinutesEnabled'] as const;
export type ReminderField = (typeof REMINDER_FIELDS)[number];

/**
 * The appointment dialog (spec 2 section 5, 'Schedule form'): contact and send time required
 * ('Obrigatório'), body at least 5 ('Mensagem muito curta'), duration a number of at least 5 minutes
 * ('Duração mínima de 5 minutos'). The send time is typed in the company's zone. Messages are i18n keys.
 */
export const scheduleFormSchema = z.object({
  contactId: z.string().min(1, required),
  body: z
    .string()
    .trim()
    .min(1, required)
    .min(SCHEDULE_BODY_MIN, 'schedules.validation.bodyTooShort')
    .max(SCHEDULE_BODY_MAX, 'schedules.validation.tooLong'),
  sendAt: z.string().min(1, required),
  serviceId: z.string(),
  calendarId: z.string(),
  duration: z
    .string()
    .min(1, required)
    .refine((text) => /^\d+$/.test(text), { message: 'validation.invalidValue', abort: true })
    .refine((text) => Number(text) >= SCHEDULE_DURATION_MIN, 'schedules.validation.durationMin'),
  extraInfo: z.string().trim().max(SCHEDULE_EXTRA_INFO_MAX, 'schedules.validation.tooLong'),
  reminder1DayEnabled: z.boolean(),
  reminder3HoursEnabled: z.boolean(),
  reminder1HourEnabled: z.boolean(),
  reminder5MinutesEnabled: z.boolean(),
});
export type ScheduleFormValues = z.infer<typeof scheduleFormSchema>;

/**
 * The dialog's duration options (15 to 180 minutes), with the other lengths it may show: an
 * appointment's own, and each service's (a service picked sets the duration to its own).
 */
export function durationOptions(...others: (number | null | undefined)[]): number[] {
  const options = new Set<number>(SCHEDULE_DURATION_OPTIONS);
  for (const minutes of others) if (minutes) options.add(minutes);
  return [...options].sort((a, b) => a - b);
}

export type ScheduleFormStart = {
  /** The appointment to edit; null books a new one. */
  schedule: ScheduleRecord | null;
  /** A new appointment's contact (/schedules?contactId=). */
  contactId?: number | null;
  /** A new appointment's time (a slot clicked in the calendar); one hour from now otherwise. */
  sendAt?: Date | null;
  calendarId?: number | null;
  zone: string;
  now: Date;
};

/** The dialog's fields: an appointment's, or a new one's (send time one hour ahead, 60 minutes, no reminder). */
export function scheduleFormDefaults({ schedule, contactId, sendAt, calendarId, zone, now }: ScheduleFormStart): ScheduleFormValues {
  const when = schedule ? new Date(schedule.sendAt) : (sendAt ?? new Date(now.getTime() + SCHEDULE_DEFAULT_SEND_AHEAD_MINUTES * 60_000));
  const pickedCalendar = schedule ? schedule.calendarId : calendarId;
  return {
    contactId: String(schedule?.contactId ?? contactId ?? ''),
    body: schedule?.body ?? '',
    sendAt: toZonedInput(when, zone),
    serviceId: schedule?.serviceId ? String(schedule.serviceId) : '',
    calendarId: pickedCalendar ? String(pickedCalendar) : '',
    duration: String(schedule?.duration ?? SCHEDULE_DEFAULT_DURATION),
    extraInfo: schedule?.extraInfo ?? '',
    reminder1DayEnabled: schedule?.reminder1DayEnabled ?? false,
    reminder3HoursEnabled: schedule?.reminder3HoursEnabled ?? false,
    reminder1HourEnabled: schedule?.reminder1HourEnabled ?? false,
    reminder5MinutesEnabled: schedule?.reminder5MinutesEnabled ?? false,
  };
}

/** What the dialog sends: the send time as a UTC instant (read in the company's zone), ids as numbers, null for blanks. */
export function toScheduleBody(values: ScheduleFormValues, zone: string): ScheduleBody {
  const sendAt = fromZonedInput(values.sendAt, zone);
  return {
    contactId: Number(values.contactId),
    body: values.body,
    sendAt: sendAt ? sendAt.toISOString() : values.sendAt,
    serviceId: values.serviceId ? Number(values.serviceId) : null,
    calendarId: values.calendarId ? Number(values.calendarId) : null,
    duration: Number(values.duration),
    extraInfo: values.extraInfo || null,
    reminder1DayEnabled: values.reminder1DayEnabled,
    reminder3HoursEnabled: values.reminder3HoursEnabled,
    reminder1HourEnabled: values.reminder1HourEnabled,
    reminder5MinutesEnabled: values.reminder5MinutesEnabled,
  };
}
