import 'reflect-metadata';

import {
  conversationsUrlEnv,
  distributedPlatform,
  env,
  identityUrlEnv,
  loadConfig,
  runApp,
  serveService,
  serviceEnvShape,
} from '@app/platform';
import { WhatsappModule } from '@app/whatsapp';
import { Module } from '@nestjs/common';
import { z } from 'zod';

const configSchema = z.object({
  // STORAGE_DIR is shared by every whatsapp replica (a volume), so media stays reachable when sessions move.
  ...serviceEnvShape(3002),
  IDENTITY_URL: identityUrlEnv(),
  /** Where queues created a moment ago are asked for (decision 0039). */
  CONVERSATIONS_URL: conversationsUrlEnv(),
  SIMULATOR_ENABLED: env.flag(false),
  SESSION_LEASE_TTL_MS: z.coerce.number().int().min(2_000).max(300_000).default(15_000),
  COMMANDS_GROUP_ID: z
    .string()
    .regex(/^[\w.-]+$/)
    .default('whatsapp-sessions'),
  SEND_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(120_000),
  /** How many chats of one connection are sent to at once (each chat's messages stay in order). */
  SEND_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
  /** Where the other replicas reach this one (number checks are forwarded to the session's owner); default: this host's own port. */
  WHATSAPP_ADVERTISED_URL: env.optionalUrl(),
  /** Seals the Cloud API connections' tokens and secrets at rest; unset, the Cloud API provider is off. */
  WHATSAPP_KEYS_SECRET: z.preprocess((v) => (v === '' ? undefined : v), env.secret().optional()),
  /** Meta's Graph API (default https://graph.facebook.com) and its version (default v23.0). */
  WHATSAPP_GRAPH_URL: env.optionalUrl(),
  WHATSAPP_GRAPH_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/, 'must be a Graph API version such as v23.0')
    .optional(),
  /** Messages a second each Cloud API connection sends at most (Meta's standard throughput is 80). */
  WHATSAPP_CLOUD_THROUGHPUT: z.coerce.number().int().min(1).max(1_000).default(80),
});

runApp(async () => {
  const config = loadConfig(configSchema);

  @Module({
    imports: [
      distributedPlatform('whatsapp', config),
      WhatsappModule.forRoot({
        simulatorEnabled: config.SIMULATOR_ENABLED,
        leaseTtlMs: config.SESSION_LEASE_TTL_MS,
        sendTimeoutMs: config.SEND_TIMEOUT_MS,
        sendConcurrency: config.SEND_CONCURRENCY,
        commandsGroupId: config.COMMANDS_GROUP_ID,
        advertisedUrl: config.WHATSAPP_ADVERTISED_URL ?? `http://127.0.0.1:${config.PORT}`,
        cloud: config.WHATSAPP_KEYS_SECRET
          ? {
              keysSecret: config.WHATSAPP_KEYS_SECRET,
              graphUrl: config.WHATSAPP_GRAPH_URL,
              graphVersion: config.WHATSAPP_GRAPH_VERSION,
              throughput: config.WHATSAPP_CLOUD_THROUGHPUT,
            }
          : undefined,
      }),
    ],
  })
  class WhatsappAppModule {}

  await serveService(WhatsappAppModule, config.PORT);
});
