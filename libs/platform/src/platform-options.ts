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
  /** Root of the local file storage (uploads, media, logos); each service keeps its files here. */
  storageDir?: string;
}
