import 'reflect-metadata';

import { hostname } from 'node:os';
import path from 'node:path';

import { GatewayModule, mountJsonCompression, mountServiceProxy, mountWebApp } from '@app/gateway';
import { closeOnSignals, configureHttpApp, env, loadConfig, PlatformModule, runApp } from '@app/platform';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { z } from 'zod';

const configSchema = z.object({
  PORT: env.port(8080),
  KAFKA_BROKERS: env.brokers(),
  JWT_SECRET: env.secret(),
  IDENTITY_URL: env.url(),
  WHATSAPP_URL: env.url().default('http://whatsapp:3002'),
  CONVERSATIONS_URL: env.url().default('http://conversations:3003'),
  OUTBOUND_URL: env.url().default('http://outbound:3004'),
  AI_URL: env.url().default('http://ai:3005'),
  BILLING_URL: env.url().default('http://billing:3006'),
  GATEWAY_INSTANCE_ID: z
    .string()
    .regex(/^[\w.-]+$/)
    .default(hostname()),
  WEB_DIST: z.string().default('./web/dist'),
  LOG_LEVEL: env.logLevel(),
  TRUST_PROXY: env.trustProxy(),
  METRICS_TOKEN: env.metricsToken(),
});

runApp(async () => {
  const config = loadConfig(configSchema);

  @Module({
    imports: [
      PlatformModule.forRoot({
        serviceName: 'gateway',
        mode: 'distributed',
        kafkaBrokers: config.KAFKA_BROKERS,
        // The gateway only verifies tokens (socket handshakes); identity signs them.
        jwt: { secret: config.JWT_SECRET, accessTtlSeconds: 900 },
        logLevel: config.LOG_LEVEL,
        identityUrl: config.IDENTITY_URL,
        trustProxy: config.TRUST_PROXY,
        metricsToken: config.METRICS_TOKEN,
      }),
      GatewayModule.forRoot({ instanceId: config.GATEWAY_INSTANCE_ID, conversationsUrl: config.CONVERSATIONS_URL }),
    ],
  })
  class GatewayAppModule {}

  // Bodies stream through the proxy untouched, so nothing here parses them.
  const app = await NestFactory.create(GatewayAppModule, { bufferLogs: true, bodyParser: false });
  // Before the proxy: the services' JSON answers are compressed on their way through.
  mountJsonCompression(app);
  mountServiceProxy(app, {
    identity: config.IDENTITY_URL,
    whatsapp: config.WHATSAPP_URL,
    conversations: config.CONVERSATIONS_URL,
    outbound: config.OUTBOUND_URL,
    ai: config.AI_URL,
    billing: config.BILLING_URL,
  });
  configureHttpApp(app, { parseBodies: false });
  mountWebApp(app, path.resolve(config.WEB_DIST));
  closeOnSignals(app);
  await app.listen(config.PORT);
});
