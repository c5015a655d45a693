import { TOPICS } from '@app/contracts';
import { type ServiceTestApp, startServiceTestApp } from '@app/platform/testing';

import type { OutboundOptions } from '../common/outbound-options';
import { OutboundModule } from '../outbound.module';

export type OutboundTestApp = ServiceTestApp;

/** The outbound module over HTTP on a fresh database, in-process transport; collects outbound.events and whatsapp.commands. */
export function startOutboundTestApp(options: OutboundOptions = {}): Promise<OutboundTestApp> {
  return startServiceTestApp({
    schema: 'outbound',
    module: OutboundModule.forRoot({ numberCheckIntervalMs: 0, ...options }),
    watch: [TOPICS.outboundEvents, TOPICS.whatsappCommands],
  });
}
