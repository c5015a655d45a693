import { tz, TZDate } from '@date-fns/tz';
import { addDays, endOfMonth, endOfWeek, format, startOfDay, startOfMonth, startOfWeek } from 'date-fns';

/**
 * Schedules are stored in UTC and shown in the company's time zone (America/Sao_Paulo unless the
 * company says otherwise), whatever the browser's zone is, across a daylight-saving change too.
 * date-fns with @date-fns/tz does the arithmetic.
 */
export const DEFAULT_COMPANY_TIME_ZONE = 'America/Sao_Paulo';

/** The wall-clock time in the zone, as a datetime-local input reads it: '2026-11-26T14:30'. */
export function toZonedInput(value: Date | string, zone: string): string {
  return format(new Date(value), "yyyy-MM-dd'T'HH:mm", { in: tz(zone) });
}

/** The instant a wall-clock time in the zone ('2026-11-26T14:30', seconds optional) stands for; null when unreadable. */
export function fromZonedInput(text: string, zone: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  if (!match) return null;
  const [y, mo, d, h, mi, s] = match.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const date = new TZDate(y, mo - 1, d, h, mi, s, zone);
  return Number.isNaN(date.getTime()) ? null : new Date(date.getTime());
}

/** The day of an instant in the zone, 'yyyy-MM-dd'. */
export function zonedDay(value: Date | string, zone: string): string {
  return format(new Date(value), 'yyyy-MM-dd', { in: tz(zone) });
}

/** dd/MM/yyyy in the zone. */
export function formatZonedDate(value: Date | string, zone: string): string {
  return format(new Date(value), 'dd/MM/yyyy', { in: tz(zone) });
}

/** HH:mm in the zone. */
export function formatZonedTime(value: Date | string, zone: string): string {
  return format(new Date(value), 'HH:mm', { in: tz(zone) });
}

/** dd/MM/yyyy HH:mm in the zone. */
export function formatZonedDateTime(value: Date | string, zone: string): string {
  return format(new Date(value), 'dd/MM/yyyy HH:mm', { in: tz(zone) });
}

/**
 * FullCalendar draws in 'UTC' and is handed each event's wall-clock time in the company's zone
 * (decision 0036): '2026-11-26T14:30:00' here is 14:30 in São Paulo, drawn at 14:30 for every viewer.
 */
export function toCalendarTime(value: Date | string, zone: string): string {
  return format(new Date(value), "yyyy-MM-dd'T'HH:mm:ss", { in: tz(zone) });
}

/** A date FullCalendar gives back (its UTC fields are the company's wall clock) as the real instant. */
export function fromCalendarDate(date: Date, zone: string): Date {
  const zoned = new TZDate(
    date.getUTCFullYear(),
    date.getUTCMonth(),
    date.getUTCDate(),
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
    zone,
  );
  return new Date(zoned.getTime());
}

/** The company's wall clock now, as FullCalendar's 'now' (the today highlight and the now line). */
export function calendarNow(zone: string, now: Date = new Date()): string {
  return toCalendarTime(now, zone);
}

export type PrintPeriod = 'next7Days' | 'thisWeek' | 'thisMonth' | 'day';
export const PRINT_PERIODS: readonly PrintPeriod[] = ['next7Days', 'thisWeek', 'thisMonth', 'day'];

/**
 * The instants a print period covers, [start, end), in the company's days (spec 2 section 9): the next
 * 7 days from the start of today, this week (Sunday to Saturday), this month, or one given day ('yyyy-MM-dd').
 */
export function printRange(period: PrintPeriod, zone: string, now: Date, day?: string): { start: Date; end: Date } {
  const inZone = { in: tz(zone) };
  const today = startOfDay(now, inZone);
  switch (period) {
    case 'next7Days':
      return { start: new Date(today.getTime()), end: new Date(addDays(today, 7, inZone).getTime()) };
    case 'thisWeek': {
      const start = startOfWeek(now, { ...inZone, weekStartsOn: 0 });
      const end = endOfWeek(now, { ...inZone, weekStartsOn: 0 });
      return { start: new Date(start.getTime()), end: new Date(end.getTime() + 1) };
    }
    case 'thisMonth':
      return {
        start: new Date(startOfMonth(now, inZone).getTime()),
        end: new Date(endOfMonth(now, inZone).getTime() + 1),
      };
    case 'day': {
      const start = fromZonedInput(`${day ?? zonedDay(now, zone)}T00:00`, zone) ?? new Date(today.getTime());
      const next = startOfDay(addDays(new TZDate(start.getTime(), zone), 1), inZone);
      return { start, end: new Date(next.getTime()) };
    }
  }
}
