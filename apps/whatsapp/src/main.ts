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
  /** Where the other replicas reach this one (number checks are forwarded to the session's owner); default: this host's own port. */
  WHATSAPP_ADVERTISED_URL: env.optionalUrl(),
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
        commandsGroupId: config.COMMANDS_GROUP_ID,
        advertisedUrl: config.WHATSAPP_ADVERTISED_URL ?? `http://127.0.0.1:${config.PORT}`,
      }),
    ],
  })
  class WhatsappAppModule {}

  await serveService(WhatsappAppModule, config.PORT);
});
