import 'reflect-metadata';
import path from 'node:path';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { z } from 'zod';
import { IdentityModule, identityConfigShape, identityMailAndLimits } from '@app/identity';
import { closeOnSignals, configureHttpApp, env, loadConfig, PlatformModule, runApp } from '@app/platform';

const configSchema = z.object({
  PORT: env.port(3001),
  DATABASE_URL: env.url(),
  KAFKA_BROKERS: env.brokers(),
  JWT_SECRET: env.secret(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  COOKIE_SECURE: env.flag(true),
  ADMIN_EMAIL: z.email('must be an e-mail address').default('admin@admin.com'),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  LOG_LEVEL: env.logLevel(),
  /** Uploaded logos and announcement images. */
  STORAGE_DIR: z.string().min(1).default('./data/files'),
  ...identityConfigShape,
});

runApp(async () => {
  const config = loadConfig(configSchema);

  @Module({
    imports: [
      PlatformModule.forRoot({
        serviceName: 'identity',
        mode: 'distributed',
        databaseUrl: config.DATABASE_URL,
        kafkaBrokers: config.KAFKA_BROKERS,
        jwt: { secret: config.JWT_SECRET, accessTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS },
        logLevel: config.LOG_LEVEL,
        storageDir: path.resolve(config.STORAGE_DIR),
      }),
      IdentityModule.forRoot({
        refreshTtlSeconds: config.REFRESH_TOKEN_TTL_DAYS * 86_400,
        secureCookies: config.COOKIE_SECURE,
        admin: { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD },
        ...identityMailAndLimits(config),
        onAdminSeeded: ({ email, password, generated }) =>
          process.stdout.write(
            `First start: platform super admin ${email} created${generated ? ` with password ${password}` : ''}\n`,
          ),
      }),
    ],
  })
  class IdentityAppModule {}

  const app = await NestFactory.create(IdentityAppModule, { bufferLogs: true });
  configureHttpApp(app);
  closeOnSignals(app);
  await app.listen(config.PORT);
});
