import { z } from 'zod';

import { allowlistEntryProblem } from '../net/outbound-url-guard';
import { SECRET_ADVICE, weakSecretProblem } from './secret-strength';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Validates the environment against an app's schema; throws a ConfigError naming every bad variable. */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`));
}

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

/** Building blocks of the per-app schemas. */
export const env = {
  port: (fallback: number) => z.coerce.number().int().min(1).max(65535).default(fallback),
  optionalUrl: () =>
    z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^[a-z][a-z0-9+.-]*:\/\//i, 'must be a URL such as postgres://user:pass@host:5432/db')
        .optional(),
    ),
  url: () => z.string({ error: 'is required' }).regex(/^[a-z][a-z0-9+.-]*:\/\//i, 'must be a URL'),
  brokers: () =>
    z
      .string({ error: 'is required (comma-separated host:port list)' })
      .transform((value) =>
        value
          .split(',')
          .map((broker) => broker.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().regex(/^[^:\s]+:\d+$/, 'each broker must be host:port')).min(1)),
  /** A signing secret: 32+ characters that are not plainly predictable (secret-strength.ts). */
  secret: () =>
    z.string({ error: `is required: a random string of at least 32 characters; ${SECRET_ADVICE}` }).superRefine((secret, context) => {
      const problem = weakSecretProblem(secret);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
  /** Express `trust proxy`: true, a hop count, or addresses/names such as `loopback, uniquelocal`. */
  trustProxy: () =>
    z
      .string()
      .regex(/^[\w.:/, -]+$/, 'must be true, a hop count or a list such as "loopback, uniquelocal"')
      .optional(),
  logLevel: () => z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** METRICS_TOKEN: unset turns /metrics off; set, scrapers send it as a bearer token. */
  metricsToken: () => z.preprocess(emptyAsUndefined, z.string().min(32, 'must be at least 32 characters (a random string)').optional()),
  /** OUTBOUND_ALLOWED_HOSTS: comma-separated host names, addresses and CIDR ranges outbound URLs may reach. */
  outboundAllowlist: () =>
    z
      .string()
      .optional()
      .transform((value) =>
        (value ?? '')
          .split(',')
          .map((entry) => entry.trim().toLowerCase())
          .filter(Boolean),
      )
      .superRefine((entries, context) => {
        for (const entry of entries) {
          const problem = allowlistEntryProblem(entry);
          if (problem) context.addIssue({ code: 'custom', message: problem });
        }
      }),
  flag: (fallback: boolean) =>
    z.preprocess(
      emptyAsUndefined,
      z
        .enum(['true', 'false', '1', '0'])
        .default(fallback ? 'true' : 'false')
        .transform((value) => value === 'true' || value === '1'),
    ),
};
