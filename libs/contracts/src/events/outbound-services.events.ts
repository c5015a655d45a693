import { z } from 'zod';

import { serviceSchema } from '../api/outbound/services';
import { defineEvent } from './define-event';

/** A catalogue entry was created or changed (for the services that will pick from the catalogue: AI agents). */
export const serviceSaved = defineEvent({
  type: 'outbound.service.saved',
  version: 1,
  topic: 'outbound.events',
  payload: z.object({ service: serviceSchema, created: z.boolean() }),
});
export const serviceDeleted = defineEvent({
  type: 'outbound.service.deleted',
  version: 1,
  topic: 'outbound.events',
  payload: z.object({ serviceId: z.number().int().positive() }),
});

/** The services catalogue's events, on outbound's topic (kept apart from the campaign events' file). */
export const SERVICE_CATALOGUE_EVENTS = [serviceSaved, serviceDeleted];
