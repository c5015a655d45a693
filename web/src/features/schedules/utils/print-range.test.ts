import { describe, expect, it } from 'vitest';

import { fromCalendarDate, fromZonedInput, printRange, toCalendarTime, toZonedInput, zonedDay } from './company-time';

const SP = 'America/Sao_Paulo';

describe('schedule times in the company time zone', () => {
  it('a UTC instant is shown at São Paulo wall-clock time, and read back to the same instant', () => {
    expect(toZonedInput('2026-11-26T17:30:00.000Z', SP)).toBe('2026-11-26T14:30');
    expect(fromZonedInput('2026-11-26T14:30', SP)?.toISOString()).toBe('2026-11-26T17:30:00.000Z');
    expect(fromZonedInput('26/11/2026', SP)).toBeNull();
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
});

describe('print periods', () => {
  // Thursday 26 November 2026, 22:30 in São Paulo (01:30 UTC the next day).
  const now = new Date('2026-11-27T01:30:00.000Z');
  const range = (...args: Parameters<typeof printRange>) => {
    const { start, end } = printRange(...args);
    return [start.toISOString(), end.toISOString()];
  };

  it('the next 7 days start at the beginning of today in the company zone', () => {
    expect(range('next7Days', SP, now)).toEqual(['2026-11-26T03:00:00.000Z', '2026-12-03T03:00:00.000Z']);
  });

  it('this week runs Sunday to Saturday', () => {
    expect(range('thisWeek', SP, now)).toEqual(['2026-11-22T03:00:00.000Z', '2026-11-29T03:00:00.000Z']);
  });

  it('this month is the whole calendar month', () => {
    expect(range('thisMonth', SP, now)).toEqual(['2026-11-01T03:00:00.000Z', '2026-12-01T03:00:00.000Z']);
  });

  it('a given day is that whole day', () => {
    expect(range('day', SP, now, '2026-12-24')).toEqual(['2026-12-24T03:00:00.000Z', '2026-12-25T03:00:00.000Z']);
  });
});
