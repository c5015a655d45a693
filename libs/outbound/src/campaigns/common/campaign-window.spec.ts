import { isInsideWindow, nextWindowOpening, scheduledAtInZone } from './campaign-window';

const SP = 'America/Sao_Paulo';
const weekdays = { startHour: 8, endHour: 18, allowSaturday: false, allowSunday: false };

describe('campaign hours and weekdays in the company time zone', () => {
  it('reads YYYY-MM-DD HH:mm:ss in the zone', () => {
    expect(scheduledAtInZone('2026-12-01 09:30:00', SP).toISOString()).toBe('2026-12-01T12:30:00.000Z');
    expect(scheduledAtInZone('2026-12-01 09:30:00', 'UTC').toISOString()).toBe('2026-12-01T09:30:00.000Z');
  });

  it('is open from startHour to before endHour on allowed days only', () => {
    // Monday 2026-11-30.
    expect(isInsideWindow(weekdays, new Date('2026-11-30T10:59:59Z'), SP)).toBe(false); // 07:59:59
    expect(isInsideWindow(weekdays, new Date('2026-11-30T11:00:00Z'), SP)).toBe(true); // 08:00
    expect(isInsideWindow(weekdays, new Date('2026-11-30T20:59:59Z'), SP)).toBe(true); // 17:59:59
    expect(isInsideWindow(weekdays, new Date('2026-11-30T21:00:00Z'), SP)).toBe(false); // 18:00
    // Saturday and Sunday, in São Paulo (Saturday 01:00 UTC is still Friday 22:00 there).
    expect(isInsideWindow({ ...weekdays, endHour: 24 }, new Date('2026-11-28T01:00:00Z'), SP)).toBe(true);
    expect(isInsideWindow(weekdays, new Date('2026-11-28T13:00:00Z'), SP)).toBe(false);
    expect(isInsideWindow({ ...weekdays, allowSaturday: true }, new Date('2026-11-28T13:00:00Z'), SP)).toBe(true);
    expect(isInsideWindow(weekdays, new Date('2026-11-29T13:00:00Z'), SP)).toBe(false);
    expect(
      isInsideWindow({ startHour: 0, endHour: 24, allowSaturday: true, allowSunday: true }, new Date('2026-11-29T03:00:00Z'), SP),
    ).toBe(true);
  });

  it('finds the next opening: Monday 08:00 from a Saturday, the same day from early morning, now when open', () => {
    expect(nextWindowOpening(weekdays, new Date('2026-11-28T13:00:00Z'), SP)?.toISOString()).toBe('2026-11-30T11:00:00.000Z');
    expect(nextWindowOpening(weekdays, new Date('2026-11-30T09:15:00Z'), SP)?.toISOString()).toBe('2026-11-30T11:00:00.000Z');
    expect(nextWindowOpening(weekdays, new Date('2026-11-30T21:30:00Z'), SP)?.toISOString()).toBe('2026-12-01T11:00:00.000Z');
    const now = new Date('2026-11-30T15:00:00Z');
    expect(nextWindowOpening(weekdays, now, SP)).toBe(now);
  });

  it('reads the hours in whatever zone the company has, daylight saving included (New York, Tokyo)', () => {
    const NY = 'America/New_York';
    // Monday 2026-11-02: New York is on EST (UTC-5) since Sunday 2026-11-01; the Friday before on EDT (UTC-4).
    expect(isInsideWindow(weekdays, new Date('2026-11-02T12:59:00Z'), NY)).toBe(false); // 07:59 EST
    expect(isInsideWindow(weekdays, new Date('2026-11-02T13:00:00Z'), NY)).toBe(true); // 08:00 EST
    expect(isInsideWindow(weekdays, new Date('2026-10-30T12:00:00Z'), NY)).toBe(true); // 08:00 EDT
    expect(nextWindowOpening(weekdays, new Date('2026-10-31T15:00:00Z'), NY)?.toISOString()).toBe('2026-11-02T13:00:00.000Z');
    expect(scheduledAtInZone('2026-12-01 09:30:00', 'Asia/Tokyo').toISOString()).toBe('2026-12-01T00:30:00.000Z');
    // Monday 09:30 in Tokyo is still Sunday in São Paulo.
    expect(isInsideWindow(weekdays, new Date('2026-11-30T00:30:00Z'), 'Asia/Tokyo')).toBe(true);
    expect(isInsideWindow(weekdays, new Date('2026-11-30T00:30:00Z'), SP)).toBe(false);
  });
});
