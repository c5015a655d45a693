import { createHash } from 'node:crypto';

import { SCHEDULE_MESSAGES, SCHEDULE_REMINDERS, type ScheduleReminderKind } from '@app/contracts';

import { atLocalTime, localDay, spokenDateTime } from '../common/booking-time';
import type { SettingsWithSlots } from '../settings/booking-settings.repository';

/**
 * Why an appointment [start, end) may not be booked under these settings, or null: a block, a day
 * off, outside the work hours, outside every enabled slot of its weekday, or over another
 * appointment. `allowOverlaps` lifts them all. Hours are read on the appointment's local day.
 */
export function bookingConflict(
  settings: SettingsWithSlots,
  start: Date,
  end: Date,
  found: { block: { title: string } | null; overlapping: boolean },
): string | null {
  if (settings.allow_overlaps) return null;
  const zone = settings.time_zone;
  if (found.block) return SCHEDULE_MESSAGES.insideBlock.replace('{title}', found.block.title);
  const day = localDay(start, zone);
  if (!settings.active_days.includes(day.weekday)) return SCHEDULE_MESSAGES.inactiveDay;
  const within = (from: string, to: string) =>
    start.getTime() >= atLocalTime(start, from, zone).getTime() && end.getTime() <= atLocalTime(start, to, zone).getTime();
  if (!within(settings.work_hours_start, settings.work_hours_end)) {
    return SCHEDULE_MESSAGES.outsideWorkHours.replace('{start}', settings.work_hours_start).replace('{end}', settings.work_hours_end);
  }
  const slots = settings.slots.filter((slot) => slot.day_of_week === day.weekday && slot.enabled);
  if (!slots.some((slot) => within(slot.start_time, slot.end_time))) return SCHEDULE_MESSAGES.outsideTimeSlots;
  if (found.overlapping) return SCHEDULE_MESSAGES.overlapping;
  return null;
}

const LEAD_WORDS: Record<ScheduleReminderKind, string> = { '1d': '1 dia', '3h': '3 horas', '1h': '1 hora', '5m': '5 minutos' };

/**
 * A reminder's text, with the appointment's date and time in the company's zone:
 * 'Olá, Ana! Lembrete: seu agendamento (Corte de cabelo) é terça-feira, 01/12/2026 às 14:30 (em 3 horas).'
 */
export function reminderText(
  kind: ScheduleReminderKind,
  appointment: { sendAt: Date; contactName: string | null; serviceName: string | null },
  timeZone: string,
): string {
  const greeting = appointment.contactName ? `Olá, ${appointment.contactName}!` : 'Olá!';
  const what = appointment.serviceName ? `seu agendamento (${appointment.serviceName})` : 'seu agendamento';
  return `${greeting} Lembrete: ${what} é ${spokenDateTime(appointment.sendAt, timeZone)} (em ${LEAD_WORDS[kind]}).`;
}

/** When each reminder goes out. */
export const reminderDue = (kind: ScheduleReminderKind, sendAt: Date): Date =>
  new Date(sendAt.getTime() - SCHEDULE_REMINDERS.find((reminder) => reminder.kind === kind)!.minutesBefore * 60_000);

/**
 * The command id of one send of one generation: a name-based UUID (version 5 layout over SHA-1), so a
 * dispatch run again after a crash, or a redelivered command, names the same send and the whatsapp
 * service (idempotent per command id) does not send it twice.
 */
export function sendCommandId(sendId: number, generation: number): string {
  const bytes = createHash('sha1').update(`outbound-schedule-send:${sendId}:${generation}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
