import { AppError } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';
import { type RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';

import { IDENTITY_OPTIONS, type IdentityOptions } from '../common/identity-options';
import {
  DEFAULT_LOGIN_DELAYS,
  DEFAULT_RATE_LIMITS,
  loginDelayMs,
  type LoginDelays,
  type RateLimitBucket,
  type RateLimitRule,
} from '../common/rate-limits';
import { RateLimitRepository } from './rate-limit.repository';

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
 *   for the clients that never logged in to it, the first `perEmail` failures are free; each further
 *   one makes the next attempt of an unknown client wait (`base * 2^k`, capped) and answers 429
 *   while the wait lasts. A browser with the account's device cookie has the same allowance of its
 *   own instead, so a guesser who piles up failures from many IPs never delays the owner's known
 *   browser, and the owner's new browser gets in after the current wait (300 s at most by default).
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

  /**
   * Before the password is checked: 429 while this IP is over its failures, or while the one trying
   * must still wait: a known device (`device`, from a valid device cookie) waits only for its own
   * failures, an unknown client for the failures of every unknown client of this e-mail.
   */
  async assertLoginMayTry(ip: string | undefined, email: string, device: string | null): Promise<void> {
    const byIp = await this.loginIpFailures().get(ip ?? 'unknown');
    if (byIp && byIp.consumedPoints >= this.rule('login').perIp) throw tooMany(byIp.msBeforeNext);
    const { waits, key } = this.loginSubject(email, device);
    const wait = await waits.get(key);
    if (wait && wait.consumedPoints > 0 && wait.msBeforeNext > 0) throw tooMany(wait.msBeforeNext);
  }

  /**
   * A wrong e-mail or password: counts against the IP, and against the known device that tried or,
   * from an unknown client, the e-mail's unknown clients; may start that one's next wait.
   */
  async loginFailed(ip: string | undefined, email: string, device: string | null): Promise<void> {
    const subject = this.loginSubject(email, device);
    await this.loginIpFailures().penalty(ip ?? 'unknown');
    const failed = await subject.failures.penalty(subject.key);
    const delayMs = loginDelayMs(failed.consumedPoints, this.rule('login').perEmail, this.delays());
    if (delayMs > 0) await subject.waits.block(subject.key, delayMs / 1000);
  }

  /**
   * The right password: the failures and wait of whoever tried are forgotten (the IP's stay). A known
   * device's success leaves the unknown clients' wait as it is, so the owner's daily logins never
   * hand a guesser new free tries.
   */
  async loginSucceeded(email: string, device: string | null): Promise<void> {
    const { failures, waits, key } = this.loginSubject(email, device);
    await Promise.all([failures.delete(key), waits.delete(key)]);
  }

  private loginIpFailures(): RateLimiterPostgres {
    const rule = this.rule('login');
    return this.counters.counter('login:ip', rule.perIp, rule.windowSeconds);
  }

  /**
   * Whose failures a login attempt counts against: a known device's own (its id, bound to the e-mail
   * by the cookie's signature), or those of every unknown client of the e-mail. Failures are
   * remembered for the login window from the first one; a wait is a block of the computed length.
   */
  private loginSubject(email: string, device: string | null): { failures: RateLimiterPostgres; waits: RateLimiterPostgres; key: string } {
    const window = this.rule('login').windowSeconds;
    const kind = device ? 'device' : 'email';
    return {
      failures: this.counters.counter(`login:${kind}`, Number.MAX_SAFE_INTEGER, window),
      waits: this.counters.counter(device ? 'login:device-wait' : 'login:wait', 1, 1),
      key: device ?? normalEmail(email),
    };
  }

  private rule(bucket: RateLimitBucket): RateLimitRule {
    return this.options.rateLimits?.[bucket] ?? DEFAULT_RATE_LIMITS[bucket];
  }

  private delays(): LoginDelays {
    return this.options.loginDelays ?? DEFAULT_LOGIN_DELAYS;
  }
}
