import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ContactListResponse } from '../types';

export const contactsQueryKey = ['contacts'] as const;

/** `GET /api/contacts/?searchParam&pageNumber`: a page of contacts, `{ contacts, hasMore }`. */
export async function getContacts(searchParam: string, pageNumber: number): Promise<ContactListResponse> {
  const page = await api.get<Partial<ContactListResponse> | undefined>('/contacts/', { query: { searchParam: searchParam || undefined, pageNumber } });
  return { contacts: page?.contacts ?? [], hasMore: page?.hasMore ?? false };
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
