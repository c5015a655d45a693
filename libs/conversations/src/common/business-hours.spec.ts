import { DEFAULT_QUEUE_SCHEDULES } from '@app/contracts';

import { isWithinSchedule, localTime } from './business-hours';

// 2026-01-05 is a Monday; São Paulo is UTC-3.
const at = (iso: string) => new Date(iso);
const SP = 'America/Sao_Paulo';

describe('opening hours', () => {
  it('reads weekday and time in São Paulo', () => {
    expect(localTime(at('2026-01-05T12:30:00Z'), SP)).toEqual({ weekdayEn: 'monday', time: '09:30' });
  });

  it('the default week: open Monday 08:00 to 18:00, closed before and after', () => {
    expect(isWithinSchedule(DEFAULT_QUEUE_SCHEDULES, at('2026-01-05T11:00:00Z'), SP)).toBe(true); // 08:00
    expect(isWithinSchedule(DEFAULT_QUEUE_SCHEDULES, at('2026-01-05T10:59:00Z'), SP)).toBe(false); // 07:59
    expect(isWithinSchedule(DEFAULT_QUEUE_SCHEDULES, at('2026-01-05T21:00:00Z'), SP)).toBe(false); // 18:00
  });

  it('Saturday closes at noon and Sunday 00:00 to 00:00 is closed all day', () => {
    expect(isWithinSchedule(DEFAULT_QUEUE_SCHEDULES, at('2026-01-10T14:59:00Z'), SP)).toBe(true); // Sat 11:59
    expect(isWithinSchedule(DEFAULT_QUEUE_SCHEDULES, at('2026-01-10T15:00:00Z'), SP)).toBe(false); // Sat 12:00
    expect(isWithinSchedule(DEFAULT_QUEUE_SCHEDULES, at('2026-01-11T15:00:00Z'), SP)).toBe(false); // Sun
  });

  it('no schedule at all means no restriction', () => {
    expect(isWithinSchedule([], at('2026-01-11T03:00:00Z'), SP)).toBe(true);
  });

  it("reads the hours in the company's own zone: 08:00 in New York or Tokyo is not 08:00 in São Paulo", () => {
    expect(localTime(at('2026-01-05T13:00:00Z'), 'America/New_York')).toEqual({ weekdayEn: 'monday', time: '08:00' });
    expect(isWithinSchedule(DEFAULT_QUEUE_SCHEDULES, at('2026-01-05T13:00:00Z'), 'America/New_York')).toBe(true);
    expect(isWithinSchedule(DEFAULT_QUEUE_SCHEDULES, at('2026-01-05T12:59:00Z'), 'America/New_York')).toBe(false);
    // Monday 00:30 UTC: Monday 09:30 in Tokyo (open), Sunday 21:30 in São Paulo (closed).
    expect(isWithinSchedule(DEFAULT_QUEUE_SCHEDULES, at('2026-01-05T00:30:00Z'), 'Asia/Tokyo')).toBe(true);
    expect(isWithinSchedule(DEFAULT_QUEUE_SCHEDULES, at('2026-01-05T00:30:00Z'), SP)).toBe(false);
  });

  it('a day split in several entries (the ticketz form sends a lunch break) is open inside any of them and closed between', () => {
    const split = [
      { weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '12:00' },
      { weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '13:00', endTime: '18:00' },
    ];
    expect(isWithinSchedule(split, at('2026-01-05T14:59:00Z'), SP)).toBe(true); // 11:59
    expect(isWithinSchedule(split, at('2026-01-05T15:30:00Z'), SP)).toBe(false); // 12:30, lunch
    expect(isWithinSchedule(split, at('2026-01-05T16:00:00Z'), SP)).toBe(true); // 13:00
    expect(isWithinSchedule(split, at('2026-01-06T14:00:00Z'), SP)).toBe(false); // Tuesday: no entry
  });
});
