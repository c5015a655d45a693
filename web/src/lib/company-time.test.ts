import { describe, expect, it } from 'vitest';

import {
  DEFAULT_COMPANY_TIME_ZONE,
  formatZonedClockIn,
  formatZonedDateTime,
  formatZonedDateTimeIn,
  fromCalendarDate,
  fromZonedInput,
  toCalendarTime,
  toZonedInput,
  zonedDay,
} from './company-time';

const SP = 'America/Sao_Paulo';

describe('times in the company time zone', () => {
  it('São Paulo unless the company names another zone', () => {
    expect(DEFAULT_COMPANY_TIME_ZONE).toBe(SP);
  });

  it('a UTC instant is shown at São Paulo wall-clock time, and read back to the same instant', () => {
    expect(toZonedInput('2026-11-26T17:30:00.000Z', SP)).toBe('2026-11-26T14:30');
    expect(fromZonedInput('2026-11-26T14:30', SP)?.toISOString()).toBe('2026-11-26T17:30:00.000Z');
    expect(fromZonedInput('26/11/2026', SP)).toBeNull();
    expect(toZonedInput(null, SP)).toBe('');
    expect(toZonedInput('not a date', SP)).toBe('');
  });

  it('the same instant is another wall-clock time and day in another company zone (Tokyo)', () => {
    expect(toZonedInput('2026-11-26T17:30:00.000Z', 'Asia/Tokyo')).toBe('2026-11-27T02:30');
    expect(fromZonedInput('2026-11-27T02:30', 'Asia/Tokyo')?.toISOString()).toBe('2026-11-26T17:30:00.000Z');
    expect(zonedDay('2026-11-26T17:30:00.000Z', 'Asia/Tokyo')).toBe('2026-11-27');
    expect(formatZonedDateTime('2026-11-26T17:30:00.000Z', 'Asia/Tokyo')).toBe('27/11/2026 02:30');
  });

  it('keeps the wall-clock time across a daylight-saving change', () => {
    // New York leaves summer time on 2026-11-01: 09:00 is 13:00 UTC before, 14:00 UTC after.
    expect(fromZonedInput('2026-10-31T09:00', 'America/New_York')?.toISOString()).toBe('2026-10-31T13:00:00.000Z');
    expect(fromZonedInput('2026-11-02T09:00', 'America/New_York')?.toISOString()).toBe('2026-11-02T14:00:00.000Z');
    expect(toCalendarTime('2026-11-02T14:00:00.000Z', 'America/New_York')).toBe('2026-11-02T09:00:00');
  });

  it('a date from the calendar (drawn in UTC with wall-clock times) becomes the real instant', () => {
    expect(fromCalendarDate(new Date('2026-11-26T14:30:00.000Z'), SP).toISOString()).toBe('2026-11-26T17:30:00.000Z');
    expect(toCalendarTime('2026-11-26T17:30:00.000Z', SP)).toBe('2026-11-26T14:30:00');
  });

  it('the day of an instant is the company day, not the UTC one', () => {
    expect(zonedDay('2026-11-27T01:00:00.000Z', SP)).toBe('2026-11-26');
  });

  it("writes date and time in the language's order and 24 hours, in the zone; nothing without a time", () => {
    expect(formatZonedDateTimeIn('2026-11-27T12:30:00.000Z', SP, 'pt-BR')).toBe('27/11/2026 09:30');
    expect(formatZonedDateTimeIn('2026-11-27T12:30:00.000Z', 'America/New_York', 'en')).toBe('11/27/2026 07:30');
    expect(formatZonedDateTimeIn(null, SP, 'pt-BR')).toBe('');
    expect(formatZonedClockIn('2026-11-27T23:05:00.000Z', 'Asia/Tokyo', 'pt-BR')).toBe('08:05');
  });
});
