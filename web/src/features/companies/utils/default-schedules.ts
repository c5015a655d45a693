import { WEEKDAYS_EN, type WeeklyScheduleEntry } from '../types';

/** A week with empty hours, one entry per day (monday first), keeping the times already stored. */
export function fullWeek(stored: readonly WeeklyScheduleEntry[] | undefined, weekdayLabel: (day: string) => string): WeeklyScheduleEntry[] {
  return WEEKDAYS_EN.map((day) => {
    const existing = stored?.find((entry) => entry.weekdayEn === day);
    return {
      weekday: weekdayLabel(day),
      weekdayEn: day,
      startTime: existing?.startTime ?? '',
      endTime: existing?.endTime ?? '',
    };
  });
}
