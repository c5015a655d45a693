import { contactListResponseSchema } from '@app/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import type { ContactListResponse } from '../types';

export const contactsQueryKey = ['contacts'] as const;

/** `GET /api/contacts/?searchParam&pageNumber`: a page of contacts, `{ contacts, hasMore }`. */
export function getContacts(searchParam: string, pageNumber: number): Promise<ContactListResponse> {
  return api.get('/contacts/', { query: { searchParam: searchParam || undefined, pageNumber }, schema: contactListResponseSchema });
}

export function getContactsQueryOptions(searchParam: string) {
  return infiniteQueryOptions({
    queryKey: [...contactsQueryKey, 'list', searchParam] as const,
    queryFn: ({ pageParam }) => getContacts(searchParam, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, _pages, pageParam) => (last.hasMore ? pageParam + 1 : undefined),
  });
}

export function useContacts(searchParam: string) {
  return useInfiniteQuery(getContactsQueryOptions(searchParam));
}
