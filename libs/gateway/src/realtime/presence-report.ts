import { randomUUID } from 'node:crypto';

import { type EventEnvelope, presenceReported } from '@app/contracts';
import type { OutgoingEvent, Tenancy } from '@app/platform';

/** Browsers ping userStatus every 5 minutes; pings closer together than this are not news. */
export const PRESENCE_MIN_INTERVAL_MS = 30_000;

/**
 * The identity.presence.reported event for a user's socket: published straight on the transport,
 * not through an outbox, because the next ping replaces a lost one.
 */
export function presenceReport(tenancy: Tenancy, online: boolean, now = new Date()): OutgoingEvent & { envelope: EventEnvelope } {
  const at = now.toISOString();
  const key = String(tenancy.userId);
  return {
    topic: presenceReported.topic,
    key,
    envelope: {
      id: randomUUID(),
      type: presenceReported.type,
      version: presenceReported.version,
      companyId: tenancy.companyId,
      key,
      occurredAt: at,
      payload: presenceReported.payload.parse({ userId: tenancy.userId, companyId: tenancy.companyId, online, at }),
    },
  };
}
