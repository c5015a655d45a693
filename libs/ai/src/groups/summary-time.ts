import { TZDate } from '@date-fns/tz';

const pad = (n: number) => String(n).padStart(2, '0');

/** One day's summary: its instant and the company's day it belongs to (YYYY-MM-DD). */
export interface SummaryOccurrence {
  at: Date;
  day: string;
}

/** `time` (HH:MM:SS) on the day `dayOffset` days from `instant`'s day, in `timeZone`. */
function occurrence(instant: Date, time: string, timeZone: string, dayOffset: number): SummaryOccurrence {
  const local = new TZDate(instant.getTime(), timeZone);
  const [hours, minutes, seconds] = time.split(':').map(Number) as [number, number, number];
  const at = new TZDate(local.getFullYear(), local.getMonth(), local.getDate() + dayOffset, hours, minutes, seconds || 0, timeZone);
  return { at: new Date(at.getTime()), day: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}` };
}

/** The first summary strictly after `now`. */
export function nextOccurrence(now: Date, time: string, timeZone: string): SummaryOccurrence {
  const today = occurrence(now, time, timeZone, 0);
  return today.at.getTime() > now.getTime() ? today : occurrence(now, time, timeZone, 1);
}

/** The last summary at or before `now`. */
export function lastOccurrence(now: Date, time: string, timeZone: string): SummaryOccurrence {
  const today = occurrence(now, time, timeZone, 0);
  return today.at.getTime() <= now.getTime() ? today : occurrence(now, time, timeZone, -1);
}

/** Minutes since midnight of `now` in `timeZone` (the summary time's rule). */
export function minutesOfDay(now: Date, timeZone: string): number {
  const local = new TZDate(now.getTime(), timeZone);
  return local.getHours() * 60 + local.getMinutes();
}
