import 'reflect-metadata';

import { ConversationsModule } from '@app/conversations';
import { distributedPlatform, env, identityUrlEnv, loadConfig, outboundUrlEnv, runApp, serveService, serviceEnvShape } from '@app/platform';
import { Module } from '@nestjs/common';
import { z } from 'zod';

const configSchema = z.object({
  // STORAGE_DIR is shared with the whatsapp service: files sent with messages are stored here and sent from there.
  ...serviceEnvShape(3003),
  IDENTITY_URL: identityUrlEnv(),
  /** The consumer group of whatsapp.events; every replica of one deployment shares it. */
  WHATSAPP_EVENTS_GROUP_ID: z
    .string()
    .regex(/^[\w.-]+$/)
    .default('conversations-whatsapp'),
  /** The whatsapp service (numbers of new contacts are checked against WhatsApp there). */
  WHATSAPP_URL: env.url().default('http://whatsapp:3002'),
  /** Where the partner API's schedules and external agenda are booked: service calls to outbound (decision 0050). */
  OUTBOUND_URL: outboundUrlEnv(),
  /** Seals the webhook endpoints' signing secrets at rest; unset, the JWT secret does. */
  WEBHOOK_KEYS_SECRET: z.preprocess((v) => (v === '' ? undefined : v), env.secret().optional()),
});

runApp(async () => {
  const config = loadConfig(configSchema);

  @Module({
    imports: [
      distributedPlatform('conversations', config),
      ConversationsModule.forRoot({
        whatsappGroupId: config.WHATSAPP_EVENTS_GROUP_ID,
        whatsappUrl: config.WHATSAPP_URL,
        webhookKeysSecret: config.WEBHOOK_KEYS_SECRET,
      }),
    ],
  })
  class ConversationsAppModule {}

  await serveService(ConversationsAppModule, config.PORT);
});
