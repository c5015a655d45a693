import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppError } from '@app/platform';
import { IDENTITY_OPTIONS, type IdentityOptions } from '../identity-options';
import { DEFAULT_RATE_LIMITS, type RateLimitBucket, type RateLimitRule } from './rate-limits';

/**
 * Fixed-window attempt counters in PostgreSQL, so every replica counts the same attempts. One
 * upsert per counter: a window that has ended starts again at 1.
 */
@Injectable()
export class RateLimiter {
  constructor(
    @InjectDataSource('identity') private readonly dataSource: DataSource,
    @Inject(IDENTITY_OPTIONS) private readonly options: IdentityOptions,
  ) {}

  /** Counts one attempt from this IP for this e-mail; 429 ERR_RATE_LIMITED when either is over. */
  async consume(bucket: RateLimitBucket, ip: string | undefined, email: string | undefined): Promise<void> {
    const rule = this.rule(bucket);
    if (Math.random() < 0.01) await this.prune();
    const checks: [string, number][] = [[`${bucket}:ip:${ip ?? 'unknown'}`, rule.perIp]];
    if (email) checks.push([`${bucket}:email:${email.trim().toLowerCase()}`, rule.perEmail]);
    for (const [key, limit] of checks) {
      const [counter] = (await this.dataSource.query(
        `INSERT INTO identity.rate_limits AS r (key, points, expires_at)
         VALUES ($1, 1, now() + make_interval(secs => $2))
         ON CONFLICT (key) DO UPDATE SET
           points = CASE WHEN r.expires_at <= now() THEN 1 ELSE r.points + 1 END,
           expires_at = CASE WHEN r.expires_at <= now() THEN excluded.expires_at ELSE r.expires_at END
         RETURNING points, expires_at`,
        [key, rule.windowSeconds],
      )) as { points: number; expires_at: Date }[];
      if (counter!.points > limit) {
        const retryAfterSeconds = Math.max(1, Math.ceil((new Date(counter!.expires_at).getTime() - Date.now()) / 1000));
        throw new AppError('ERR_RATE_LIMITED', 'Too many attempts, try again later', { retryAfterSeconds });
      }
    }
  }

  /** Drops ended windows; called now and then so the table stays small. */
  async prune(): Promise<void> {
    await this.dataSource.query('DELETE FROM identity.rate_limits WHERE expires_at <= now()');
  }

  private rule(bucket: RateLimitBucket): RateLimitRule {
    return this.options.rateLimits?.[bucket] ?? DEFAULT_RATE_LIMITS[bucket];
  }
}
