import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { RateLimiterPostgres } from 'rate-limiter-flexible';
import { DataSource } from 'typeorm';

/** identity.rate_limiter, created by migration 1763900000000 (rate-limiter-flexible's own layout). */
const TABLE = { schemaName: 'identity', tableName: 'rate_limiter', tableCreated: true } as const;

/**
 * identity.rate_limiter: the attempt counters, read and written by rate-limiter-flexible's
 * RateLimiterPostgres (its SQL), one counter per key prefix, points and window.
 */
@Injectable()
export class RateLimitRepository {
  private readonly counters = new Map<string, RateLimiterPostgres>();

  constructor(@InjectDataSource('identity') private readonly dataSource: DataSource) {}

  /** The counters of `keyPrefix`: `points` per key within `duration` seconds. */
  counter(keyPrefix: string, points: number, duration: number): RateLimiterPostgres {
    const id = `${keyPrefix}/${points}/${duration}`;
    let counter = this.counters.get(id);
    if (!counter) {
      counter = new RateLimiterPostgres({
        storeClient: this.dataSource,
        storeType: 'typeorm',
        ...TABLE,
        keyPrefix,
        points,
        duration,
        // One counter sweeps rows expired an hour ago, every 5 minutes; the others need not.
        clearExpiredByTimeout: this.counters.size === 0,
      });
      this.counters.set(id, counter);
    }
    return counter;
  }
}
