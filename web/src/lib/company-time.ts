import { DEFAULT_COMPANY_TIME_ZONE } from '@app/contracts';
import { tz, TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

import { currentLanguage } from '@/lib/i18n';

/**
 * Times travel as UTC instants and are shown and written in the company's time zone (its setting
 * `timezone`, America/Sao_Paulo by default; decision 0037), whatever the browser's zone is, across a
 * daylight-saving change too. Campaigns and schedules both read them here; `useCompanyTimeZone`
 * gives the zone. date-fns with @date-fns/tz does the arithmetic.
 */
export { DEFAULT_COMPANY_TIME_ZONE };

const readable = (value: Date | string | null | undefined): Date | null => {
  if (value === null || value === undefined || value === '') return null;
  const date = new Date(value);
  return Number.isFinite(date.getTime()) ? date : null;
};

/** The wall-clock time in the zone, as a datetime-local input reads it: '2026-11-26T14:30'; '' without a time. */
export function toZonedInput(value: Date | string | null | undefined, zone: string): string {
  const date = readable(value);
  return date ? format(date, "yyyy-MM-dd'T'HH:mm", { in: tz(zone) }) : '';
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

/** The date and HH:mm of an instant in the zone, in the language's order (dd/MM/yyyy for pt-BR); '' without one. */
export function formatZonedDateTimeIn(value: Date | string | null | undefined, zone: string, language: string = currentLanguage()): string {
  const date = readable(value);
  if (!date) return '';
  const day = new Intl.DateTimeFormat(language, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: zone }).format(date);
  return `${day} ${formatZonedClockIn(date, zone, language)}`;
}

/** HH:mm (24 hours) of an instant in the zone, as the language writes it. */
export function formatZonedClockIn(value: Date | string, zone: string, language: string = currentLanguage()): string {
  return new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: zone }).format(
    new Date(value),
  );
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
