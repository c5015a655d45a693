import { EVENT_CATALOGUE, eventEnvelopeSchema } from '@app/contracts';
import type { Tenancy } from '@app/platform';

import { presenceReport } from './presence-report';

const tenancy: Tenancy = {
  userId: 7,
  companyId: 3,
  profile: 'user',
  super: false,
  sessionId: '00000000-0000-4000-8000-000000000000',
  planFlags: new Set(),
};

it("a presence report is a valid identity.presence.reported envelope keyed by the user, on identity's topic", () => {
  const now = new Date('2026-11-21T10:00:00.000Z');
  const event = presenceReport(tenancy, true, now);
  expect(event).toMatchObject({ topic: 'identity.events', key: '7' });
  expect(eventEnvelopeSchema.parse(event.envelope)).toMatchObject({ type: 'identity.presence.reported', companyId: 3, key: '7' });
  expect(EVENT_CATALOGUE['identity.presence.reported']!.payload.parse(event.envelope.payload)).toEqual({
    userId: 7,
    companyId: 3,
    online: true,
    at: now.toISOString(),
  });
});
