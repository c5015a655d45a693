import 'reflect-metadata';
import path from 'node:path';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { z } from 'zod';
import { closeOnSignals, configureHttpApp, env, loadConfig, PlatformModule, runApp } from '@app/platform';
import { WhatsappModule } from '@app/whatsapp';

const configSchema = z.object({
  PORT: env.port(3002),
  DATABASE_URL: env.url(),
  KAFKA_BROKERS: env.brokers(),
  JWT_SECRET: env.secret(),
  /** Shared by every whatsapp replica (a volume), so media stays reachable when sessions move. */
  STORAGE_DIR: z.string().min(1).default('./data/files'),
  SIMULATOR_ENABLED: env.flag(false),
  SESSION_LEASE_TTL_MS: z.coerce.number().int().min(2_000).max(300_000).default(15_000),
  COMMANDS_GROUP_ID: z.string().regex(/^[\w.-]+$/).default('whatsapp-sessions'),
  SEND_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(120_000),
  LOG_LEVEL: env.logLevel(),
});

runApp(async () => {
  const config = loadConfig(configSchema);

  @Module({
    imports: [
      PlatformModule.forRoot({
        serviceName: 'whatsapp',
        mode: 'distributed',
        databaseUrl: config.DATABASE_URL,
        kafkaBrokers: config.KAFKA_BROKERS,
        // Verifies tokens only; identity signs them.
        jwt: { secret: config.JWT_SECRET, accessTtlSeconds: 900 },
        logLevel: config.LOG_LEVEL,
        storageDir: path.resolve(config.STORAGE_DIR),
      }),
      WhatsappModule.forRoot({
        simulatorEnabled: config.SIMULATOR_ENABLED,
        leaseTtlMs: config.SESSION_LEASE_TTL_MS,
        sendTimeoutMs: config.SEND_TIMEOUT_MS,
        commandsGroupId: config.COMMANDS_GROUP_ID,
      }),
    ],
  })
  class WhatsappAppModule {}

  const app = await NestFactory.create(WhatsappAppModule, { bufferLogs: true });
  configureHttpApp(app);
  closeOnSignals(app);
  await app.listen(config.PORT);
});
