import { daysBetween, durationStats, ratingStats } from './dashboard.service';

const secs = (...values: number[]) => Int32Array.from(values);

describe('dashboard figures', () => {
  it('a lone 45 s first response is a 45 s median and p90, not its bucket’s 49 and 55 (issue 21)', () => {
    expect(durationStats([secs(45)])).toEqual({ count: 1, p50: 45, p90: 45 });
  });

  it('percentiles are exact to the second over every part, interpolated between ranks as percentile_cont', () => {
    // 10, 20, ..., 100 in three parts, out of order: p50 55 (between 50 and 60), p90 91 (90 + 0.1 × 10).
    expect(durationStats([secs(100, 30, 10), secs(), secs(50, 20, 90, 60, 40, 80, 70)])).toEqual({ count: 10, p50: 55, p90: 91 });
    expect(durationStats([secs(7200, 60)])).toEqual({ count: 2, p50: 3630, p90: 6486 });
    expect(durationStats([])).toEqual({ count: 0, p50: null, p90: null });
  });

  it('CSAT is the average score and the share of 4 and 5', () => {
    expect(ratingStats([1, 0, 0, 1, 2])).toEqual({ count: 4, average: 3.75, distribution: [1, 0, 0, 1, 2], satisfied: 0.75 });
    expect(ratingStats([0, 0, 0, 0, 0])).toMatchObject({ count: 0, average: null, satisfied: null });
  });

  it('the days of a range include both ends, across months', () => {
    expect(daysBetween('2026-01-30', '2026-02-02')).toEqual(['2026-01-30', '2026-01-31', '2026-02-01', '2026-02-02']);
  });
});
