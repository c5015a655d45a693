import path from 'node:path';

import type { DynamicModule, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { z } from 'zod';

import { env } from '../config/load-config';
import { PlatformModule } from '../platform.module';
import { configureHttpApp } from './configure-app';
import { closeOnSignals } from './run-app';

/** Where a service other than identity checks that a login session is still alive. */
export const identityUrlEnv = () => env.url().default('http://identity:3001');
/** Where conversations answers its contacts, tags and queues to a service whose copy lacks one (decision 0039). */
export const conversationsUrlEnv = () => env.url().default('http://conversations:3003');
/** Where whatsapp answers its connections to a service whose copy lacks one (decision 0039). */
export const whatsappUrlEnv = () => env.url().default('http://whatsapp:3002');
export const outboundUrlEnv = () => env.url().default('http://outbound:3004');

/** The environment every distributed service with a database reads; each app adds its own keys. */
export function serviceEnvShape(defaultPort: number) {
  return {
    PORT: env.port(defaultPort),
    DATABASE_URL: env.url(),
    KAFKA_BROKERS: env.brokers(),
    JWT_SECRET: env.secret(),
    /** Files the service keeps (uploads, media); replicas of one service share it as a volume. */
    STORAGE_DIR: z.string().min(1).default('./data/files'),
    LOG_LEVEL: env.logLevel(),
    TRUST_PROXY: env.trustProxy(),
    OUTBOUND_ALLOWED_HOSTS: env.outboundAllowlist(),
    METRICS_TOKEN: env.metricsToken(),
  };
}

export type ServiceEnv = z.infer<z.ZodObject<ReturnType<typeof serviceEnvShape>>>;

/** PlatformModule for a distributed service: Kafka transport, its database, its storage. */
export function distributedPlatform(
  serviceName: string,
  /**
   * IDENTITY_URL: where sessions are checked; every service but identity itself has it. The other
   * services' URLs are where their records are asked for when this service's copy lacks one (decision 0039).
   */
  config: ServiceEnv & { IDENTITY_URL?: string; CONVERSATIONS_URL?: string; WHATSAPP_URL?: string; OUTBOUND_URL?: string },
  /** Only identity signs tokens; the others verify them, so the lifetime is irrelevant to them. */
  accessTtlSeconds = 900,
): DynamicModule {
  return PlatformModule.forRoot({
    serviceName,
    mode: 'distributed',
    databaseUrl: config.DATABASE_URL,
    kafkaBrokers: config.KAFKA_BROKERS,
    jwt: { secret: config.JWT_SECRET, accessTtlSeconds },
    logLevel: config.LOG_LEVEL,
    storageDir: path.resolve(config.STORAGE_DIR),
    outboundAllowedHosts: config.OUTBOUND_ALLOWED_HOSTS,
    metricsToken: config.METRICS_TOKEN,
    identityUrl: config.IDENTITY_URL,
    serviceUrls: {
      identity: config.IDENTITY_URL,
      conversations: config.CONVERSATIONS_URL,
      whatsapp: config.WHATSAPP_URL,
      outbound: config.OUTBOUND_URL,
    },
    trustProxy: config.TRUST_PROXY,
  });
}

/** Creates the service's HTTP app with the shared setup, closes it on signals and listens. */
export async function serveService(rootModule: Type, port: number): Promise<void> {
  const app = await NestFactory.create(rootModule, { bufferLogs: true });
  configureHttpApp(app);
  closeOnSignals(app);
  await app.listen(port);
}
