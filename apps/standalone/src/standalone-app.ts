import path from 'node:path';

import { aiOptionsFrom } from '@app/ai';
import { billingOptionsFrom } from '@app/billing';
import { mountJsonCompression, mountWebApp } from '@app/gateway';
import { identityMailAndLimits } from '@app/identity';
import type { OutboundOptions } from '@app/outbound';
import { configureHttpApp, loadOrCreateSecrets } from '@app/platform';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';

import type { StandaloneConfig } from './config';
import { StandaloneModule } from './standalone.module';

/**
 * The product's one process, configured and ready to listen: what main.ts serves, and what a browser
 * journey that moves the clock starts in its own process.
 */
export async function createStandaloneApp(
  config: StandaloneConfig,
  databaseUrl: string,
  options: {
    onAdminSeeded?: (login: { email: string; password: string; generated: boolean }) => void;
    /** Outbound's seams (its clock); the defaults unless told. */
    outbound?: OutboundOptions;
  } = {},
): Promise<{ app: INestApplication; servesWeb: boolean }> {
  const dataDir = path.resolve(config.DATA_DIR);
  const jwtSecret = config.JWT_SECRET ?? loadOrCreateSecrets(dataDir).jwtSecret;
  const app = await NestFactory.create(
    StandaloneModule.forRoot({
      platform: {
        serviceName: 'standalone',
        mode: 'standalone',
        databaseUrl,
        jwt: { secret: jwtSecret, accessTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS },
        logLevel: config.LOG_LEVEL,
        storageDir: path.join(dataDir, 'files'),
        trustProxy: config.TRUST_PROXY,
        outboundAllowedHosts: config.OUTBOUND_ALLOWED_HOSTS,
        metricsToken: config.METRICS_TOKEN,
      },
      identity: {
        refreshTtlSeconds: config.REFRESH_TOKEN_TTL_DAYS * 86_400,
        secureCookies: config.COOKIE_SECURE,
        admin: { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD },
        onAdminSeeded: options.onAdminSeeded,
        ...identityMailAndLimits(config),
      },
      gateway: { instanceId: 'standalone', webDist: path.resolve(config.WEB_DIST), conversationsUrl: `http://127.0.0.1:${config.PORT}` },
      whatsapp: {
        simulatorEnabled: config.SIMULATOR_ENABLED,
        advertisedUrl: `http://127.0.0.1:${config.PORT}`,
        cloud: {
          keysSecret: config.WHATSAPP_KEYS_SECRET ?? jwtSecret,
          graphUrl: config.WHATSAPP_GRAPH_URL,
          graphVersion: config.WHATSAPP_GRAPH_VERSION,
          throughput: config.WHATSAPP_CLOUD_THROUGHPUT,
        },
      },
      conversations: { whatsappUrl: `http://127.0.0.1:${config.PORT}`, webhookKeysSecret: config.WEBHOOK_KEYS_SECRET },
      outbound: options.outbound,
      ai: aiOptionsFrom(config, config.AI_KEYS_SECRET ?? jwtSecret),
      billing: billingOptionsFrom(config, jwtSecret),
    }),
    { bufferLogs: true },
  );
  configureHttpApp(app);
  mountJsonCompression(app);
  const servesWeb = mountWebApp(app, path.resolve(config.WEB_DIST));
  return { app, servesWeb };
}
