import { daysBetween, histogramPercentile, ratingStats } from './dashboard.service';
import { STAT_BUCKETS } from './ticket-stats-sql';

const histOf = (bucket: number, n = 1) => Array.from({ length: STAT_BUCKETS }, (_, i) => (i === bucket ? n : 0));

describe('dashboard figures', () => {
  it('a percentile is interpolated within its log-scale bucket, and an empty histogram has none', () => {
    // 100 s falls in stat_bucket 15 (SQL, from 1), index 14 here: [1.4^13, 1.4^14) = [79.4, 111.1).
    const p50 = histogramPercentile(histOf(14), 0.5)!;
    expect(p50).toBeGreaterThanOrEqual(79);
    expect(p50).toBeLessThan(112);
    expect(histogramPercentile(histOf(0, 0), 0.5)).toBeNull();
    expect(histogramPercentile(histOf(0, 4), 0.9)).toBe(1);
  });

  it('p90 of nine fast and one slow answer lies in the fast bucket; p50 of mostly slow in the slow one', () => {
    const mixed = histOf(5, 9).map((n, i) => (i === 20 ? 1 : n));
    expect(histogramPercentile(mixed, 0.9)).toBeLessThan(1.4 ** 5);
    expect(histogramPercentile(mixed, 0.95)).toBeGreaterThanOrEqual(Math.floor(1.4 ** 19));
  });

  it('CSAT is the average score and the share of 4 and 5', () => {
    expect(ratingStats([1, 0, 0, 1, 2])).toEqual({ count: 4, average: 3.75, distribution: [1, 0, 0, 1, 2], satisfied: 0.75 });
    expect(ratingStats([0, 0, 0, 0, 0])).toMatchObject({ count: 0, average: null, satisfied: null });
  });

  it('the days of a range include both ends, across months', () => {
    expect(daysBetween('2026-01-30', '2026-02-02')).toEqual(['2026-01-30', '2026-01-31', '2026-02-01', '2026-02-02']);
  });
});
