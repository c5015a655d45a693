import 'reflect-metadata';

import { identityConfigShape, identityMailAndLimits, IdentityModule } from '@app/identity';
import {
  conversationsUrlEnv,
  distributedPlatform,
  env,
  loadConfig,
  runApp,
  serveService,
  serviceEnvShape,
  whatsappUrlEnv,
} from '@app/platform';
import { Module } from '@nestjs/common';
import { z } from 'zod';

const configSchema = z.object({
  // STORAGE_DIR keeps uploaded logos and announcement images.
  ...serviceEnvShape(3001),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  COOKIE_SECURE: env.flag(true),
  ADMIN_EMAIL: z.email('must be an e-mail address').default('admin@admin.com'),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  ...identityConfigShape,
  /** Where queues and connections created a moment ago are asked for (decision 0039). */
  CONVERSATIONS_URL: conversationsUrlEnv(),
  WHATSAPP_URL: whatsappUrlEnv(),
});

runApp(async () => {
  const config = loadConfig(configSchema);

  @Module({
    imports: [
      distributedPlatform('identity', config, config.ACCESS_TOKEN_TTL_SECONDS),
      IdentityModule.forRoot({
        refreshTtlSeconds: config.REFRESH_TOKEN_TTL_DAYS * 86_400,
        secureCookies: config.COOKIE_SECURE,
        admin: { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD },
        ...identityMailAndLimits(config),
        onAdminSeeded: ({ email, password, generated }) =>
          process.stdout.write(`First start: platform super admin ${email} created${generated ? ` with password ${password}` : ''}\n`),
      }),
    ],
  })
  class IdentityAppModule {}

  await serveService(IdentityAppModule, config.PORT);
});
