/**
 * Per-key token buckets in this process: `capacity` calls at once, refilled at `perSecond`. Buckets
 * idle long enough to be full again are forgotten, so unknown keys cannot grow the map for ever.
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly capacity: number,
    private readonly perSecond: number,
  ) {}

  /** Takes one token; false when the key is over its rate. */
  take(key: string, now = Date.now()): boolean {
    if (this.buckets.size > 10_000) this.forgetFull(now);
    const bucket = this.buckets.get(key) ?? { tokens: this.capacity, at: now };
    bucket.tokens = Math.min(this.capacity, bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond);
    bucket.at = now;
    this.buckets.set(key, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  private forgetFull(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond >= this.capacity) this.buckets.delete(key);
    }
  }
}
