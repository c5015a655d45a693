import { type Contact, contactListResponseSchema, contactSchema, serviceListResponseSchema, type ServiceRecord } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** `GET /api/services/list` → {services}: the appointment dialog's service picker. */
export function getServicesList(): Promise<ServiceRecord[]> {
  return api.get('/services/list', { schema: serviceListResponseSchema }).then((answer) => answer.services);
}

export function useServicesList() {
  return useQuery(queryOptions({ queryKey: ['services', 'list'], queryFn: getServicesList }));
}

/** `GET /api/contacts/?searchParam=`: the first page of contacts found, for the contact picker. */
export function searchContacts(searchParam: string): Promise<Contact[]> {
  return api
    .get('/contacts/', { query: { searchParam, pageNumber: 1 }, schema: contactListResponseSchema })
    .then((answer) => answer.contacts);
}

export function useContactSearch(searchParam: string, enabled: boolean) {
  return useQuery({
    queryKey: ['contacts', 'schedule-picker', searchParam],
    queryFn: () => searchContacts(searchParam),
    enabled,
  });
}

/** `GET /api/contacts/{id}`: the contact of /schedules?contactId=. */
export function getContact(id: number): Promise<Contact> {
  return api.get(`/contacts/${id}`, { schema: contactSchema });
}

export function useContact(id: number | null) {
  return useQuery({ queryKey: ['contacts', 'one', id], queryFn: () => getContact(id!), enabled: id !== null });
}
