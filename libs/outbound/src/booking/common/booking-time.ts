import { TZDate } from '@date-fns/tz';
import { addDays, format, startOfDay } from 'date-fns';
import { ptBR } from 'date-fns/locale';

/**
 * Dates of the schedules in a company's time zone (stored as UTC instants): date-fns with
 * @date-fns/tz, so that a wall time is read with the offset of its own day, across daylight-saving
 * changes included.
 */

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * An instant from what a request carries: an ISO instant with its offset as is, or a wall time
 * ('2026-12-01T14:30', '2026-12-01 14:30:00') in `timeZone`. A wall time that does not exist (the hour
 * skipped when clocks go forward) is read as the first instant after the gap, as date-fns does.
 */
export function parseBookingDateTime(text: string, timeZone: string): Date {
  const wall = WALL_TIME.exec(text.trim());
  if (!wall) return new Date(text);
  const [, year, month, day, hour, minute, second] = wall.map(Number) as number[];
  return new Date(new TZDate(year!, month! - 1, day!, hour!, minute!, second || 0, timeZone).getTime());
}

/** The instant seen in `timeZone`. */
export const inZone = (instant: Date, timeZone: string): TZDate => new TZDate(instant.getTime(), timeZone);

/** Minutes since local midnight of the instant in the zone (08:30 → 510). */
export function minutesOfDay(instant: Date, timeZone: string): number {
  const local = inZone(instant, timeZone);
  return local.getHours() * 60 + local.getMinutes();
}

/** 'HH:mm' → minutes since midnight. */
export const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The local day of the instant: its weekday (0 Sunday) and its first instant. */
export function localDay(instant: Date, timeZone: string): { weekday: number; start: Date; end: Date } {
  const local = inZone(instant, timeZone);
  const start = startOfDay(local);
  // The next day's own start (not start + 1 day: a day that began at 01:00, when midnight was skipped, is 23 hours).
  const end = startOfDay(addDays(local, 1));
  return { weekday: start.getDay(), start: new Date(start.getTime()), end: new Date(end.getTime()) };
}

/**
 * The instant at `time` ('HH:mm') on the local day that holds `instant` (on a day whose clocks
 * change, the hour read with that day's offset).
 */
export function atLocalTime(instant: Date, time: string, timeZone: string): Date {
  const local = inZone(instant, timeZone);
  return new Date(
    new TZDate(
      local.getFullYear(),
      local.getMonth(),
      local.getDate(),
      Number(time.slice(0, 2)),
      Number(time.slice(3, 5)),
      0,
      timeZone,
    ).getTime(),
  );
}

/** 'terça-feira, 01/12/2026 às 14:30' in the zone, for the texts sent to contacts. */
export const spokenDateTime = (instant: Date, timeZone: string): string =>
  format(inZone(instant, timeZone), "EEEE, dd/MM/yyyy 'às' HH:mm", { locale: ptBR });

/** 'HH:mm' of the instant in the zone. */
export const clockTime = (instant: Date, timeZone: string): string => format(inZone(instant, timeZone), 'HH:mm');
