import { type ContactList, contactListSchema } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { contactListsQueryKey } from './get-contact-lists';

/** `GET /api/contact-lists/{id}`: the list's name and counts (the items screen's heading and check progress). */
export function getContactList(id: number): Promise<ContactList> {
  return api.get(`/contact-lists/${id}`, { schema: contactListSchema });
}

export function getContactListQueryOptions(id: number) {
  return queryOptions({ queryKey: [...contactListsQueryKey, 'one', id], queryFn: () => getContactList(id) });
}

export function useContactList(id: number) {
  return useQuery(getContactListQueryOptions(id));
}
