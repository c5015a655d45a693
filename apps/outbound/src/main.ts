import 'reflect-metadata';

import { OutboundModule } from '@app/outbound';
import {
  conversationsUrlEnv,
  distributedPlatform,
  identityUrlEnv,
  loadConfig,
  runApp,
  serveService,
  serviceEnvShape,
  whatsappUrlEnv,
} from '@app/platform';
import { Module } from '@nestjs/common';
import { z } from 'zod';

const configSchema = z.object({
  // STORAGE_DIR is shared with the whatsapp service: file list attachments are stored here and sent from there.
  ...serviceEnvShape(3004),
  IDENTITY_URL: identityUrlEnv(),
  /** Where contacts and tags, and connections, created a moment ago are asked for (decision 0039). */
  CONVERSATIONS_URL: conversationsUrlEnv(),
  WHATSAPP_URL: whatsappUrlEnv(),
  /** The consumer group of whatsapp.events; every replica of one deployment shares it. */
  WHATSAPP_EVENTS_GROUP_ID: z
    .string()
    .regex(/^[\w.-]+$/)
    .default('outbound-whatsapp'),
});

runApp(async () => {
  const config = loadConfig(configSchema);

  @Module({
    imports: [distributedPlatform('outbound', config), OutboundModule.forRoot({ whatsappGroupId: config.WHATSAPP_EVENTS_GROUP_ID })],
  })
  class OutboundAppModule {}

  await serveService(OutboundAppModule, config.PORT);
});
