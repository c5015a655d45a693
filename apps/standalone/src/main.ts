import 'reflect-metadata';

import path from 'node:path';

import { billingOptionsFrom } from '@app/billing';
import { mountWebApp } from '@app/gateway';
import { identityMailAndLimits } from '@app/identity';
import {
  closeOnSignals,
  configureHttpApp,
  type EmbeddedPostgresHandle,
  loadConfig,
  loadOrCreateSecrets,
  runApp,
  startEmbeddedPostgres,
} from '@app/platform';
import { NestFactory } from '@nestjs/core';

import { standaloneConfigSchema } from './config';
import { StandaloneModule } from './standalone.module';

runApp(async () => {
  const config = loadConfig(standaloneConfigSchema);
  const dataDir = path.resolve(config.DATA_DIR);
  const jwtSecret = config.JWT_SECRET ?? loadOrCreateSecrets(dataDir).jwtSecret;

  let embedded: EmbeddedPostgresHandle | undefined;
  if (!config.DATABASE_URL) {
    process.stdout.write(`Starting embedded PostgreSQL (data in ${path.join(dataDir, 'postgres')})...\n`);
    embedded = await startEmbeddedPostgres({ dataDir, port: config.EMBEDDED_POSTGRES_PORT, database: 'zapdesk' });
  }

  let seededLogin: { email: string; password: string; generated: boolean } | undefined;
  const app = await NestFactory.create(
    StandaloneModule.forRoot({
      platform: {
        serviceName: 'standalone',
        mode: 'standalone',
        databaseUrl: config.DATABASE_URL ?? embedded!.url,
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
        onAdminSeeded: (login) => (seededLogin = login),
        ...identityMailAndLimits(config),
      },
      gateway: { instanceId: 'standalone', webDist: path.resolve(config.WEB_DIST), conversationsUrl: `http://127.0.0.1:${config.PORT}` },
      whatsapp: { simulatorEnabled: config.SIMULATOR_ENABLED, advertisedUrl: `http://127.0.0.1:${config.PORT}` },
      conversations: { whatsappUrl: `http://127.0.0.1:${config.PORT}` },
      ai: { keysSecret: config.AI_KEYS_SECRET ?? jwtSecret },
      billing: billingOptionsFrom(config),
    }),
    { bufferLogs: true },
  );
  configureHttpApp(app);
  const servesWeb = mountWebApp(app, path.resolve(config.WEB_DIST));
  closeOnSignals(app, async () => embedded?.stop());
  await app.listen(config.PORT);

  const lines = [
    `Zapdesk is running at http://localhost:${config.PORT}`,
    '',
    `  services:  identity, WhatsApp${config.SIMULATOR_ENABLED ? ' (with the simulator phone)' : ''}, conversations, outbound, ai, billing${servesWeb ? ' and the web app' : ''}, in this process`,
    `  database:  ${embedded ? `embedded PostgreSQL, data in ${path.join(dataDir, 'postgres')}` : 'PostgreSQL at DATABASE_URL'}`,
    `  files:     ${path.join(dataDir, 'files')}`,
    `  logs:      JSON lines at level ${config.LOG_LEVEL} (LOG_LEVEL=debug also lists every route)`,
  ];
  if (!servesWeb) lines.push('', `(the web app is not built: run "npm run build:web" to serve it from ${config.WEB_DIST})`);
  if (seededLogin) {
    lines.push('', 'First start: the platform super admin was created.', `  e-mail:   ${seededLogin.email}`);
    lines.push(
      seededLogin.generated
        ? `  password: ${seededLogin.password}   (generated now and shown only this once)`
        : '  password: the one in ADMIN_PASSWORD',
    );
  }
  const width = Math.max(...lines.map((line) => line.length)) + 4;
  process.stdout.write(`\n${'='.repeat(width)}\n${lines.map((l) => `  ${l}`).join('\n')}\n${'='.repeat(width)}\n\n`);
});
