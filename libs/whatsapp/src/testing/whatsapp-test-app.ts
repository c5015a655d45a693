import { TOPICS } from '@app/contracts';
import { announceQueues as announceServiceQueues, type ServiceTestApp, startServiceTestApp } from '@app/platform/testing';

import type { WhatsappOptions } from '../common/whatsapp-options';
import { WhatsappModule } from '../whatsapp.module';

export type WhatsappTestApp = ServiceTestApp;

/** The whatsapp module over HTTP on a fresh database, in-process transport, simulator on; collects whatsapp.events. */
export function startWhatsappTestApp(options: Partial<WhatsappOptions> = {}): Promise<WhatsappTestApp> {
  return startServiceTestApp({
    schema: 'whatsapp',
    module: WhatsappModule.forRoot({ simulatorEnabled: true, leaseTtlMs: 3_000, ...options }),
    // Other services' events the specs deliver through our outbox (t.publish) are watched too.
    watch: [TOPICS.whatsappEvents, TOPICS.conversationsEvents],
  });
}

/** Makes queues known to whatsapp as conversations would, and waits until they are. */
export function announceQueues(t: WhatsappTestApp, companyId: number, queueIds: number[]): Promise<void> {
  return announceServiceQueues(t, 'whatsapp', companyId, queueIds);
}
