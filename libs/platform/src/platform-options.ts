import type { ServiceName } from '@app/contracts';

export const PLATFORM_OPTIONS = Symbol('PLATFORM_OPTIONS');

/** What every app hands PlatformModule after validating its own config. */
export interface PlatformOptions {
  /** The process's name in logs, metrics and Kafka client ids: gateway, identity, standalone... */
  serviceName: string;
  mode: 'standalone' | 'distributed';
  /** Resolved: the embedded server's URL in standalone when DATABASE_URL is unset. */
  databaseUrl?: string;
  /** Present in distributed mode: the event transport is Kafka. */
  kafkaBrokers?: string[];
  jwt: { secret: string; accessTtlSeconds: number };
  logLevel: string;
  /**
   * Where identity answers whether a login session is alive (`/api/auth/session`). Every process
   * without the identity module needs it; identity's own module answers in-process.
   */
  identityUrl?: string;
  /**
   * Where the other services answer their records (CONVERSATIONS_URL, WHATSAPP_URL, IDENTITY_URL):
   * a service asks the owner of an id its copy does not have yet (decision 0039). Unset in
   * standalone, where every owner answers in-process.
   */
  serviceUrls?: Partial<Record<ServiceName, string>>;
  /** TRUST_PROXY: the proxies whose X-Forwarded-* headers are believed (default loopback). */
  trustProxy?: string;
  /** Root of the local file storage (uploads, media, logos); each service keeps its files here. */
  storageDir?: string;
  /** OUTBOUND_ALLOWED_HOSTS: what outbound URLs may reach inside the operator's network (see net/outbound-url-guard). */
  outboundAllowedHosts?: string[];
  /** METRICS_TOKEN: /metrics answers only with `Authorization: Bearer <token>`; unset, /metrics is off (404). */
  metricsToken?: string;
  /** See OutboxRelayOptions.settleMs: set by tests that wait for an empty outbox, unset in production. */
  outboxSettleMs?: number;
}
