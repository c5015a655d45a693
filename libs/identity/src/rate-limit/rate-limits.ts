import { z } from 'zod';

export type RateLimitBucket = 'login' | 'signup' | 'verification' | 'reset';

export interface RateLimitRule {
  perIp: number;
  perEmail: number;
  windowSeconds: number;
}

/** Generous for people, tight for scripts; each bucket counts every attempt in a fixed window. */
export const DEFAULT_RATE_LIMITS: Record<RateLimitBucket, RateLimitRule> = {
  login: { perIp: 100, perEmail: 20, windowSeconds: 900 },
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
