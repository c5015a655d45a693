import { describe, expect, it } from 'vitest';

import { printRange } from './print-range';

const SP = 'America/Sao_Paulo';

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

describe('print periods in another company zone', () => {
  it('the days are Tokyo days when the company is in Tokyo', () => {
    // 01:30 UTC on the 27th is 10:30 on Friday the 27th in Tokyo (UTC+9).
    const { start, end } = printRange('day', 'Asia/Tokyo', new Date('2026-11-27T01:30:00.000Z'));
    expect([start.toISOString(), end.toISOString()]).toEqual(['2026-11-26T15:00:00.000Z', '2026-11-27T15:00:00.000Z']);
  });
});
