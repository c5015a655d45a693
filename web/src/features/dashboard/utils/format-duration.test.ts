import { describe, expect, it } from 'vitest';

import { formatDuration, lastDays } from './format-duration';

describe('dashboard durations and ranges', () => {
  it('reads to the second under an hour, then as hours and days', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(45)).toBe('45s');
    expect(formatDuration(720)).toBe('12m 00s');
    expect(formatDuration(725)).toBe('12m 05s');
    expect(formatDuration(3599)).toBe('59m 59s');
    expect(formatDuration(3 * 3600 + 300)).toBe('3h 05m');
    expect(formatDuration(2 * 86400 + 4 * 3600)).toBe('2d 4h');
  });

  it("the last 30 days end today in the company's zone: São Paulo's 28 February is already 1 March in Tokyo", () => {
    expect(lastDays(30, 'America/Sao_Paulo', new Date('2026-03-01T02:00:00Z'))).toEqual({ dateFrom: '2026-01-30', dateTo: '2026-02-28' });
    expect(lastDays(30, 'Asia/Tokyo', new Date('2026-03-01T02:00:00Z'))).toEqual({ dateFrom: '2026-01-31', dateTo: '2026-03-01' });
  });
});
