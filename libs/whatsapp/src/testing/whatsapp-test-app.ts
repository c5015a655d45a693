import { queueSaved, TOPICS, type Queue } from '@app/contracts';
import { startServiceTestApp, waitFor, type ServiceTestApp } from '@app/platform/testing';
import { WhatsappModule } from '../whatsapp.module';
import type { WhatsappOptions } from '../whatsapp-options';

export type WhatsappTestApp = ServiceTestApp;

/** The whatsapp module over HTTP on a fresh database, in-process transport, simulator on; collects whatsapp.events. */
export function startWhatsappTestApp(options: Partial<WhatsappOptions> = {}): Promise<WhatsappTestApp> {
  return startServiceTestApp({
    schema: 'whatsapp',
    module: WhatsappModule.forRoot({ simulatorEnabled: true, leaseTtlMs: 3_000, ...options }),
    watch: [TOPICS.whatsappEvents],
  });
}

/** A queue as conversations.queue.saved carries it. */
export function queueFixture(companyId: number, id: number): Queue {
  const at = new Date().toISOString();
  return {
    id,
    name: `Fila ${id}`,
    color: '#0a0a0a',
    greetingMessage: '',
    complationMessage: '',
    outOfHoursMessage: '',
    ratingMessage: '',
    orderQueue: null,
    integrationId: null,
    agentId: null,
    promptId: null,
    mediaPath: null,
    mediaName: null,
    schedules: [],
    companyId,
    createdAt: at,
    updatedAt: at,
  };
}

/**
 * Makes queues known to whatsapp as conversations would (conversations.queue.saved through the real
 * transport) and waits until the projection lists them: connections may only name known queues.
 */
export async function announceQueues(t: WhatsappTestApp, companyId: number, queueIds: number[]): Promise<void> {
  for (const id of queueIds) {
    await t.publish(queueSaved, companyId, `queue-${id}`, { queue: queueFixture(companyId, id), created: true });
  }
  await waitFor(
    async () =>
      (
        await t.dataSource.query(`SELECT 1 FROM whatsapp.company_queues WHERE company_id = $1 AND queue_id = ANY($2::int[])`, [
          companyId,
          queueIds,
        ])
      ).length === queueIds.length,
    { what: `queues ${queueIds.join(', ')} known to whatsapp` },
  );
}
