import { aiConfigShape } from '@app/ai';
import { billingConfigShape } from '@app/billing';
import { identityConfigShape } from '@app/identity';
import { env } from '@app/platform';
import { z } from 'zod';

export const standaloneConfigSchema = z.object({
  PORT: env.port(8080),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: env.optionalUrl(),
  EMBEDDED_POSTGRES_PORT: env.port(54329),
  /** Optional here: generated on first start and kept in DATA_DIR/secrets.json. */
  JWT_SECRET: z.preprocess((v) => (v === '' ? undefined : v), env.secret().optional()),
  /** Encrypts the AI providers' keys at rest; unset, a key derived from the JWT secret is used. */
  AI_KEYS_SECRET: z.preprocess((v) => (v === '' ? undefined : v), env.secret().optional()),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  COOKIE_SECURE: env.flag(false),
  TRUST_PROXY: env.trustProxy(),
  ADMIN_EMAIL: z.email('must be an e-mail address').default('admin@admin.com'),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  WEB_DIST: z.string().default('./web/dist'),
  LOG_LEVEL: env.logLevel(),
  /** Hosts, addresses and CIDR ranges inside the operator's own network that proxies may use. */
  OUTBOUND_ALLOWED_HOSTS: env.outboundAllowlist(),
  /** Prometheus scrapes /metrics with this bearer token; unset, /metrics is off. */
  METRICS_TOKEN: env.metricsToken(),
  ...identityConfigShape,
  ...billingConfigShape,
  ...aiConfigShape,
  /** Seals the Cloud API connections' tokens and secrets at rest; unset, a key derived from the JWT secret is used. */
  WHATSAPP_KEYS_SECRET: z.preprocess((v) => (v === '' ? undefined : v), env.secret().optional()),
  /** Seals the webhook endpoints' signing secrets at rest; unset, the JWT secret does. */
  WEBHOOK_KEYS_SECRET: z.preprocess((v) => (v === '' ? undefined : v), env.secret().optional()),
  /** Meta's Graph API (default https://graph.facebook.com) and its version (default v23.0). */
  WHATSAPP_GRAPH_URL: env.optionalUrl(),
  WHATSAPP_GRAPH_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/, 'must be a Graph API version such as v23.0')
    .optional(),
  /** Messages a second each Cloud API connection sends at most (Meta's standard throughput is 80). */
  WHATSAPP_CLOUD_THROUGHPUT: z.coerce.number().int().min(1).max(1_000).default(80),
  /** The fake WhatsApp phone and its control API (on by default here, off in the distributed apps). */
  SIMULATOR_ENABLED: env.flag(true),
});
export type StandaloneConfig = z.infer<typeof standaloneConfigSchema>;
