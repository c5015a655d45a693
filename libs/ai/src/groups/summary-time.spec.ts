import { lastOccurrence, minutesOfDay, nextOccurrence } from './summary-time';

describe("a group's summary time in the company's zone", () => {
  const zone = 'America/Sao_Paulo';
  const now = new Date('2026-03-10T15:00:00Z'); // 12:00 in São Paulo

  it('the next summary is today when its time is still ahead, tomorrow otherwise', () => {
    expect(nextOccurrence(now, '12:05:00', zone)).toEqual({ at: new Date('2026-03-10T15:05:00Z'), day: '2026-03-10' });
    expect(nextOccurrence(now, '11:59:00', zone)).toEqual({ at: new Date('2026-03-11T14:59:00Z'), day: '2026-03-11' });
  });

  it('the last summary is today once its time passed, yesterday before', () => {
    expect(lastOccurrence(now, '12:00:00', zone)).toEqual({ at: new Date('2026-03-10T15:00:00Z'), day: '2026-03-10' });
    expect(lastOccurrence(now, '23:00:00', zone)).toEqual({ at: new Date('2026-03-10T02:00:00Z'), day: '2026-03-09' });
  });

  it("the day is the company's, not UTC's", () => {
    expect(nextOccurrence(new Date('2026-03-11T01:30:00Z'), '23:00:00', 'Asia/Tokyo').day).toBe('2026-03-11');
    expect(minutesOfDay(now, zone)).toBe(12 * 60);
    expect(minutesOfDay(now, 'Europe/Lisbon')).toBe(15 * 60);
  });
});
