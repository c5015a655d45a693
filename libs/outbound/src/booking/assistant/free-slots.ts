import { addDays } from 'date-fns';

import { bookingConflict } from '../appointments/appointment-rules';
import { atLocalTime, inZone, localDay, minutesOf } from '../common/booking-time';
import type { SettingsWithSlots } from '../settings/booking-settings.repository';

export interface Period {
  start: Date;
  end: Date;
}

/**
 * The free times of `duration` minutes in [from, until): each begins inside an enabled slot of an
 * active day (within the work hours), after `notBefore`, and passes the same rule a booking is checked
 * by (bookingConflict) against the blocks and the appointments already there. Starts step by the
 * duration (at most an hour) from each slot's start; at most `limit` are given, earliest first.
 */
export function freeSlots(
  settings: SettingsWithSlots,
  range: { from: Date; until: Date; notBefore: Date },
  duration: number,
  taken: { blocks: (Period & { title: string })[]; appointments: Period[] },
  limit: number,
): Period[] {
  const zone = settings.time_zone;
  const step = Math.min(duration, 60) * 60_000;
  const meets = (a: Period, start: Date, end: Date) => a.start.getTime() < end.getTime() && a.end.getTime() > start.getTime();
  const found: Period[] = [];
  for (
    let day = localDay(range.from, zone).start;
    day.getTime() < range.until.getTime();
    day = localDay(addDays(inZone(day, zone), 1), zone).start
  ) {
    const { weekday } = localDay(day, zone);
    if (!settings.active_days.includes(weekday)) continue;
    const slots = settings.slots
      .filter((slot) => slot.enabled && slot.day_of_week === weekday)
      .sort((a, b) => minutesOf(a.start_time) - minutesOf(b.start_time));
    for (const slot of slots) {
      const first = minutesOf(slot.start_time) < minutesOf(settings.work_hours_start) ? settings.work_hours_start : slot.start_time;
      const last = atLocalTime(day, slot.end_time, zone).getTime();
      for (let at = atLocalTime(day, first, zone).getTime(); at + duration * 60_000 <= last; at += step) {
        const start = new Date(at);
        const end = new Date(at + duration * 60_000);
        if (start.getTime() <= range.notBefore.getTime() || start.getTime() < range.from.getTime()) continue;
        if (found.some((slotFound) => slotFound.start.getTime() === start.getTime())) continue;
        const conflict = bookingConflict({ ...settings, allow_overlaps: false }, start, end, {
          block: taken.blocks.find((block) => meets(block, start, end)) ?? null,
          overlapping: !settings.allow_overlaps && taken.appointments.some((appointment) => meets(appointment, start, end)),
        });
        if (conflict) continue;
        found.push({ start, end });
        if (found.length >= limit) return found;
      }
    }
  }
  return found.sort((a, b) => a.start.getTime() - b.start.getTime());
}
