import { type Contact, contactSchema } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export const contactQueryKey = (id: number) => ['tickets', 'contact', id] as const;

/** `GET /api/contacts/{id}`: the contact of the drawer, with its extra info. */
export function getContact(id: number): Promise<Contact> {
  return api.get(`/contacts/${id}`, { schema: contactSchema });
}

export function getContactQueryOptions(id: number) {
  return queryOptions({ queryKey: contactQueryKey(id), queryFn: () => getContact(id) });
}

export function useContact(id: number, enabled = true) {
  return useQuery({ ...getContactQueryOptions(id), enabled });
}
