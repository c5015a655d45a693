import { z } from 'zod';

export type RateLimitBucket = 'login' | 'signup' | 'verification' | 'reset';

export interface RateLimitRule {
  perIp: number;
  perEmail: number;
  windowSeconds: number;
}

/**
 * Generous for people, tight for scripts. Sign-up, verification and reset count every attempt in a
 * fixed window; login counts failures only: `perIp` failures per IP in the window, and `perEmail`
 * free failures of one e-mail before each further one makes the next attempt wait (LoginDelays).
 */
export const DEFAULT_RATE_LIMITS: Record<RateLimitBucket, RateLimitRule> = {
  login: { perIp: 100, perEmail: 5, windowSeconds: 3600 },
  signup: { perIp: 20, perEmail: 5, windowSeconds: 3600 },
  verification: { perIp: 50, perEmail: 10, windowSeconds: 900 },
  reset: { perIp: 30, perEmail: 10, windowSeconds: 3600 },
};

/** `perIp/perEmail/windowSeconds`, e.g. `100/20/900`: the form of the RATE_LIMIT_* variables. */
export const rateLimitRuleSchema = z
  .string()
  .regex(/^\d+\/\d+\/\d+$/, 'must be perIp/perEmail/windowSeconds, e.g. 100/20/900')
  .transform((text): RateLimitRule => {
    const [perIp, perEmail, windowSeconds] = text.split('/').map(Number) as [number, number, number];
    return { perIp, perEmail, windowSeconds };
  })
  .refine((rule) => rule.perIp > 0 && rule.perEmail > 0 && rule.windowSeconds > 0, 'every number must be above 0');

/** The wait after each login failure beyond the free ones: base, 2 x base, 4 x base... up to max. */
export interface LoginDelays {
  baseMs: number;
  maxMs: number;
}

export const DEFAULT_LOGIN_DELAYS: LoginDelays = { baseMs: 1_000, maxMs: 300_000 };

/** How long the next login attempt of an e-mail waits after its `failures`-th failure in a row (0: none). */
export function loginDelayMs(failures: number, freeFailures: number, delays: LoginDelays): number {
  const beyond = failures - freeFailures;
  if (beyond <= 0) return 0;
  return Math.min(delays.maxMs, delays.baseMs * 2 ** Math.min(beyond - 1, 30));
}

/** `baseSeconds/maxSeconds`, e.g. `1/300`: the form of RATE_LIMIT_LOGIN_DELAY. */
export const loginDelaysSchema = z
  .string()
  .regex(/^\d+(\.\d+)?\/\d+(\.\d+)?$/, 'must be baseSeconds/maxSeconds, e.g. 1/300')
  .transform((text): LoginDelays => {
    const [base, max] = text.split('/').map(Number) as [number, number];
    return { baseMs: Math.round(base * 1000), maxMs: Math.round(max * 1000) };
  })
  .refine((delays) => delays.baseMs > 0 && delays.maxMs >= delays.baseMs, 'base must be above 0 and max at least base');
