import { z } from 'zod';

import type { IdentityOptions } from './identity-options';
import { loginDelaysSchema, rateLimitRuleSchema } from './rate-limits';

const optional = <S extends z.ZodType>(schema: S) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** The identity variables every app that runs identity accepts (standalone and the identity app). */
export const identityConfigShape = {
  /** smtp://user:pass@host:587 or smtps://...; unset: mails are kept in identity.mails and logged. */
  SMTP_URL: optional(z.string().regex(/^smtps?:\/\//i, 'must be an smtp:// or smtps:// URL')),
  MAIL_FROM: optional(z.string().min(3)),
  /** The address users open the web at (https://atendimento.example.com), for the links mails carry. */
  PUBLIC_URL: optional(z.url({ protocol: /^https?$/ })),
  RATE_LIMIT_LOGIN: optional(rateLimitRuleSchema),
  RATE_LIMIT_LOGIN_DELAY: optional(loginDelaysSchema),
  RATE_LIMIT_SIGNUP: optional(rateLimitRuleSchema),
  RATE_LIMIT_VERIFICATION: optional(rateLimitRuleSchema),
  RATE_LIMIT_RESET: optional(rateLimitRuleSchema),
};

type IdentityConfig = z.infer<z.ZodObject<typeof identityConfigShape>>;

/** The mail and rate-limit options from those variables. */
export function identityMailAndLimits(config: IdentityConfig): Pick<IdentityOptions, 'mail' | 'rateLimits' | 'loginDelays'> {
  const rateLimits: IdentityOptions['rateLimits'] = {};
  if (config.RATE_LIMIT_LOGIN) rateLimits.login = config.RATE_LIMIT_LOGIN;
  if (config.RATE_LIMIT_SIGNUP) rateLimits.signup = config.RATE_LIMIT_SIGNUP;
  if (config.RATE_LIMIT_VERIFICATION) rateLimits.verification = config.RATE_LIMIT_VERIFICATION;
  if (config.RATE_LIMIT_RESET) rateLimits.reset = config.RATE_LIMIT_RESET;
  return {
    mail: { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, publicUrl: config.PUBLIC_URL },
    rateLimits,
    loginDelays: config.RATE_LIMIT_LOGIN_DELAY,
  };
}
