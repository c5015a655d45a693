import { tz, TZDate } from '@date-fns/tz';
import { addDays, endOfMonth, endOfWeek, startOfDay, startOfMonth, startOfWeek } from 'date-fns';

import { fromZonedInput, zonedDay } from '@/lib/company-time';

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
