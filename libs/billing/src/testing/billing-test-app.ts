import { TOPICS } from '@app/contracts';
import { type ServiceTestApp, startServiceTestApp } from '@app/platform/testing';

import { BillingModule } from '../billing.module';
import type { BillingOptions } from '../common/billing-options';

/** The billing module over HTTP on a fresh database, in-process transport; collects billing.events. */
export async function startBillingTestApp(options: BillingOptions = {}, outboundAllowedHosts?: string[]): Promise<ServiceTestApp> {
  return startServiceTestApp({
    schema: 'billing',
    module: BillingModule.forRoot(options),
    watch: [TOPICS.billingEvents],
    outboundAllowedHosts,
  });
}
