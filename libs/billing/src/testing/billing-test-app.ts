import { TOPICS } from '@app/contracts';
import { type ServiceTestApp, startServiceTestApp } from '@app/platform/testing';

import { BillingModule } from '../billing.module';
import type { BillingOptions } from '../common/billing-options';

/**
 * The billing module over HTTP on a fresh database, in-process transport; collects billing.events.
 * `replicaOf`: a second replica on that app's database instead (closed before it).
 */
export async function startBillingTestApp(
  options: BillingOptions = {},
  outboundAllowedHosts?: string[],
  { replicaOf }: { replicaOf?: ServiceTestApp } = {},
): Promise<ServiceTestApp> {
  return startServiceTestApp({
    schema: 'billing',
    module: BillingModule.forRoot(options),
    watch: [TOPICS.billingEvents],
    outboundAllowedHosts,
    databaseUrl: replicaOf?.databaseUrl,
  });
}
