import { contactAllResponseSchema } from '@app/contracts';

import { api } from '@/lib/api-client';

import type { Contact } from '../types';

/** `GET /api/contacts/list`: every contact of the company (for the CSV export). */
export function getAllContacts(): Promise<Contact[]> {
  return api.get('/contacts/list', { schema: contactAllResponseSchema });
}
