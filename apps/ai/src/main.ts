import 'reflect-metadata';

import { aiConfigShape, AiModule, aiOptionsFrom } from '@app/ai';
import {
  conversationsUrlEnv,
  distributedPlatform,
  env,
  identityUrlEnv,
  loadConfig,
  outboundUrlEnv,
  runApp,
  serveService,
  serviceEnvShape,
  whatsappUrlEnv,
} from '@app/platform';
import { Module } from '@nestjs/common';
import { z } from 'zod';

const configSchema = z.object({
  ...serviceEnvShape(3005),
  IDENTITY_URL: identityUrlEnv(),
  /** Where queues created a moment ago (or before ai listened) are asked for (decision 0039). */
  CONVERSATIONS_URL: conversationsUrlEnv(),
  /** Where the agents' booking tools ask for services, free slots and appointments (decision 0050). */
  OUTBOUND_URL: outboundUrlEnv(),
  /** Where a connection's transcription key is asked for when an audio is transcribed (decision 0052). */
  WHATSAPP_URL: whatsappUrlEnv(),
  /** Encrypts the providers' keys at rest; changing it makes the stored keys unreadable. */
  AI_KEYS_SECRET: env.secret(),
  ...aiConfigShape,
});

runApp(async () => {
  const config = loadConfig(configSchema);

  @Module({
    imports: [distributedPlatform('ai', config), AiModule.forRoot(aiOptionsFrom(config, config.AI_KEYS_SECRET))],
  })
  class AiAppModule {}

  await serveService(AiAppModule, config.PORT);
});
