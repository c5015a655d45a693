import 'reflect-metadata';

import { billingConfigShape, BillingModule, billingOptionsFrom } from '@app/billing';
import { distributedPlatform, identityUrlEnv, loadConfig, runApp, serveService, serviceEnvShape } from '@app/platform';
import { Module } from '@nestjs/common';
import { z } from 'zod';

const configSchema = z.object({
  ...serviceEnvShape(3006),
  IDENTITY_URL: identityUrlEnv(),
  ...billingConfigShape,
});

runApp(async () => {
  const config = loadConfig(configSchema);

  @Module({
    imports: [distributedPlatform('billing', config), BillingModule.forRoot(billingOptionsFrom(config, config.JWT_SECRET))],
  })
  class BillingAppModule {}

  await serveService(BillingAppModule, config.PORT);
});
