import { formatPhoneForExport } from '@app/contracts';

import { formatZonedDate, formatZonedTime, zonedDay } from '@/lib/company-time';
import { toCsv } from '@/lib/csv';

/** What the export reads of an appointment. */
export type CsvSchedule = {
  sendAt: string;
  body: string;
  extraInfo?: string | null;
  contact?: { name: string; number: string } | null;
  service?: { name: string } | null;
};

/**
 * Spec 2 section 9: the phone without its 55 (Brazil) prefix, 11 digits as (11) 99999-8888 and 10 as
 * (11) 3333-4444; anything else keeps its digits (the contracts' rule, shared with the server).
 */
export const formatSchedulePhone = formatPhoneForExport;

/** The header labels, in the user's language, in the spec's order: date, time, service, client, phone, extra info, description. */
export type CsvHeaders = readonly [string, string, string, string, string, string, string];

/** The appointments, oldest first, one row each, their date and time in the company's zone. */
export function schedulesCsv(schedules: readonly CsvSchedule[], headers: CsvHeaders, zone: string): string {
  const rows = [...schedules]
    .sort((a, b) => new Date(a.sendAt).getTime() - new Date(b.sendAt).getTime())
    .map((schedule) => [
      formatZonedDate(schedule.sendAt, zone),
      formatZonedTime(schedule.sendAt, zone),
      schedule.service?.name ?? '',
      schedule.contact?.name ?? '',
      formatSchedulePhone(schedule.contact?.number),
      schedule.extraInfo ?? '',
      schedule.body,
    ]);
  return toCsv(headers, rows);
}

/** 'agendamentos_2026-11-26.csv': named with the day of the export in the company's zone. */
export function schedulesCsvFileName(now: Date, zone: string): string {
  return `agendamentos_${zonedDay(now, zone)}.csv`;
}
