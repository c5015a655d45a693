import { type ContactListResponse, contactListResponseSchema } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** Spec 1 section 9: a contact search starts at 3 characters. */
export const CONTACT_SEARCH_MIN_LENGTH = 3;

/** `GET /api/contacts/?searchParam=`: the first page of contacts matching the text. */
export async function searchContacts(searchParam: string): Promise<ContactListResponse['contacts']> {
  const page = await api.get('/contacts/', { query: { searchParam, pageNumber: 1 }, schema: contactListResponseSchema });
  return page.contacts;
}

export function searchContactsQueryOptions(searchParam: string) {
  return queryOptions({ queryKey: ['tickets', 'contact-search', searchParam] as const, queryFn: () => searchContacts(searchParam) });
}

export function useContactSearch(searchParam: string) {
  const text = searchParam.trim();
  return useQuery({ ...searchContactsQueryOptions(text), enabled: text.length >= CONTACT_SEARCH_MIN_LENGTH });
}
