import 'reflect-metadata';
import path from 'node:path';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { z } from 'zod';
import { ConversationsModule } from '@app/conversations';
import { closeOnSignals, configureHttpApp, env, loadConfig, PlatformModule, runApp } from '@app/platform';

const configSchema = z.object({
  PORT: env.port(3003),
  DATABASE_URL: env.url(),
  KAFKA_BROKERS: env.brokers(),
  JWT_SECRET: env.secret(),
  /** Shared with the whatsapp service (a volume): files sent with messages are stored here and sent from there. */
  STORAGE_DIR: z.string().min(1).default('./data/files'),
  /** The consumer group of whatsapp.events; every replica of one deployment shares it. */
  WHATSAPP_EVENTS_GROUP_ID: z.string().regex(/^[\w.-]+$/).default('conversations-whatsapp'),
  LOG_LEVEL: env.logLevel(),
});

runApp(async () => {
  const config = loadConfig(configSchema);

  @Module({
    imports: [
      PlatformModule.forRoot({
        serviceName: 'conversations',
        mode: 'distributed',
        databaseUrl: config.DATABASE_URL,
        kafkaBrokers: config.KAFKA_BROKERS,
        // Verifies tokens only; identity signs them.
        jwt: { secret: config.JWT_SECRET, accessTtlSeconds: 900 },
        logLevel: config.LOG_LEVEL,
        storageDir: path.resolve(config.STORAGE_DIR),
      }),
      ConversationsModule.forRoot({ whatsappGroupId: config.WHATSAPP_EVENTS_GROUP_ID }),
    ],
  })
  class ConversationsAppModule {}

  const app = await NestFactory.create(ConversationsAppModule, { bufferLogs: true });
  configureHttpApp(app);
  closeOnSignals(app);
  await app.listen(config.PORT);
});
