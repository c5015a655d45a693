import type { QueueSchedule } from '@app/contracts';

/** A queue's or the company's day: weekdayEn and HH:MM bounds. */
export type ScheduleEntry = Pick<QueueSchedule, 'startTime' | 'endTime'> & { weekdayEn: string };

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

/** The weekday and HH:MM of an instant in the company's time zone (its setting `timezone`). */
export function localTime(at: Date, timeZone: string): { weekdayEn: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const weekday = part('weekday').toLowerCase();
  return { weekdayEn: WEEKDAYS.find((day) => day === weekday) ?? weekday, time: `${part('hour')}:${part('minute')}` };
}

/**
 * Whether an instant falls inside a weekly schedule read in the company's zone: inside any of the
 * day's entries (a day may have several, e.g. around lunch). A day without an entry, or whose entries
 * have equal start and end (the spec's Sunday 00:00 to 00:00), is closed; an empty schedule means no
 * hours were set: open.
 */
export function isWithinSchedule(schedules: readonly ScheduleEntry[], at: Date, timeZone: string): boolean {
  if (schedules.length === 0) return true;
  const { weekdayEn, time } = localTime(at, timeZone);
  return schedules.some(
    (entry) =>
      entry.weekdayEn === weekdayEn &&
      !!entry.startTime &&
      !!entry.endTime &&
      entry.startTime !== entry.endTime &&
      time >= entry.startTime &&
      time < entry.endTime,
  );
}
