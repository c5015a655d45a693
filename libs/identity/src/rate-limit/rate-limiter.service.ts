import { AppError } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';
import { type RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';

import { IDENTITY_OPTIONS, type IdentityOptions } from '../identity-options';
import { RateLimitRepository } from './rate-limit.repository';
import {
  DEFAULT_LOGIN_DELAYS,
  DEFAULT_RATE_LIMITS,
  loginDelayMs,
  type LoginDelays,
  type RateLimitBucket,
  type RateLimitRule,
} from './rate-limits';

const normalEmail = (email: string) => email.trim().toLowerCase();

function tooMany(msBeforeNext: number): AppError {
  const retryAfterSeconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new AppError('ERR_RATE_LIMITED', 'Too many attempts, try again later', { retryAfterSeconds });
}

/**
 * Attempt counters in PostgreSQL through rate-limiter-flexible, so every replica counts the same
 * attempts.
 *
 * - sign-up, verification and reset: every attempt counts, per IP and per e-mail, in fixed windows.
 * - login (decision 0024): only failures count. Per IP, a limit in a window, as before. Per e-mail,
 *   the first `perEmail` failures are free; each further one makes the next attempt for that e-mail
 *   wait (`base * 2^k`, capped) and answers 429 while the wait lasts. The right password after the
 *   wait always logs in, however many failures an attacker piled up from however many IPs, and a
 *   success forgets the e-mail's failures.
 */
@Injectable()
export class RateLimiter {
  constructor(
    private readonly counters: RateLimitRepository,
    @Inject(IDENTITY_OPTIONS) private readonly options: IdentityOptions,
  ) {}

  /** Counts one attempt from this IP for this e-mail; 429 ERR_RATE_LIMITED when either is over. */
  async consume(bucket: Exclude<RateLimitBucket, 'login'>, ip: string | undefined, email: string | undefined): Promise<void> {
    const rule = this.rule(bucket);
    const checks: [RateLimiterPostgres, string][] = [
      [this.counters.counter(`${bucket}:ip`, rule.perIp, rule.windowSeconds), ip ?? 'unknown'],
    ];
    if (email) checks.push([this.counters.counter(`${bucket}:email`, rule.perEmail, rule.windowSeconds), normalEmail(email)]);
    for (const [limiter, key] of checks) {
      try {
        await limiter.consume(key);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) throw tooMany(rejection.msBeforeNext);
        throw rejection;
      }
    }
  }

  /** Before the password is checked: 429 while this IP is over its failures or this e-mail must still wait. */
  async assertLoginMayTry(ip: string | undefined, email: string): Promise<void> {
    const byIp = await this.loginIpFailures().get(ip ?? 'unknown');
    if (byIp && byIp.consumedPoints >= this.rule('login').perIp) throw tooMany(byIp.msBeforeNext);
    const wait = await this.loginWaits().get(normalEmail(email));
    if (wait && wait.consumedPoints > 0 && wait.msBeforeNext > 0) throw tooMany(wait.msBeforeNext);
  }

  /** A wrong e-mail or password: counts against the IP and the e-mail, and may start the e-mail's next wait. */
  async loginFailed(ip: string | undefined, email: string): Promise<void> {
    const key = normalEmail(email);
    await this.loginIpFailures().penalty(ip ?? 'unknown');
    const failures = await this.loginEmailFailures().penalty(key);
    const delayMs = loginDelayMs(failures.consumedPoints, this.rule('login').perEmail, this.delays());
    if (delayMs > 0) await this.loginWaits().block(key, delayMs / 1000);
  }

  /** The right password: the e-mail's failures and wait are forgotten (the IP's failures stay). */
  async loginSucceeded(email: string): Promise<void> {
    const key = normalEmail(email);
    await Promise.all([this.loginEmailFailures().delete(key), this.loginWaits().delete(key)]);
  }

  private loginIpFailures(): RateLimiterPostgres {
    const rule = this.rule('login');
    return this.counters.counter('login:ip', rule.perIp, rule.windowSeconds);
  }

  /** Failures of one e-mail, remembered for the login window from the first one. */
  private loginEmailFailures(): RateLimiterPostgres {
    return this.counters.counter('login:email', Number.MAX_SAFE_INTEGER, this.rule('login').windowSeconds);
  }

  /** The wait before the next attempt for an e-mail: a block of the computed length, nothing otherwise. */
  private loginWaits(): RateLimiterPostgres {
    return this.counters.counter('login:wait', 1, 1);
  }

  private rule(bucket: RateLimitBucket): RateLimitRule {
    return this.options.rateLimits?.[bucket] ?? DEFAULT_RATE_LIMITS[bucket];
  }

  private delays(): LoginDelays {
    return this.options.loginDelays ?? DEFAULT_LOGIN_DELAYS;
  }
}
