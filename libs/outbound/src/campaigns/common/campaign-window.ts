import { TZDate } from '@date-fns/tz';
import { addHours, startOfHour } from 'date-fns';

/** When a campaign may send: hours [startHour, endHour) of the allowed weekdays, in the company's time zone. */
export interface CampaignWindow {
  startHour: number;
  endHour: number;
  allowSaturday: boolean;
  allowSunday: boolean;
}

/**
 * The moment `YYYY-MM-DD HH:mm:ss` names in the time zone (the form the web sends scheduledAt in).
 * A wall time a daylight-saving change skips is read as the moment just after it.
 */
export function scheduledAtInZone(value: string, timeZone: string): Date {
  const [date, time] = value.split(' ') as [string, string];
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute, second] = time.split(':').map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, day, hour, minute, second, timeZone).getTime());
}

/** Whether the campaign may send at this instant. */
export function isInsideWindow(window: CampaignWindow, at: Date, timeZone: string): boolean {
  const local = new TZDate(at.getTime(), timeZone);
  const weekday = local.getDay();
  if (weekday === 6 && !window.allowSaturday) return false;
  if (weekday === 0 && !window.allowSunday) return false;
  const hour = local.getHours();
  return hour >= window.startHour && hour < window.endHour;
}

/**
 * The next instant the campaign may send (`at` itself when inside the window), searched hour by hour
 * in the time zone over the next 8 days; null when no hour ever opens (no weekday allowed cannot
 * happen: weekdays Monday to Friday always are).
 */
export function nextWindowOpening(window: CampaignWindow, at: Date, timeZone: string): Date | null {
  if (isInsideWindow(window, at, timeZone)) return at;
  let candidate: Date = startOfHour(new TZDate(at.getTime(), timeZone));
  for (let step = 0; step < 24 * 8; step++) {
    candidate = addHours(candidate, 1);
    if (isInsideWindow(window, candidate, timeZone)) return new Date(candidate.getTime());
  }
  return null;
}
