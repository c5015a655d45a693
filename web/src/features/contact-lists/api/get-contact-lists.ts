import { type ContactListPageResponse, contactListPageResponseSchema } from '@app/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** Every contact-list query of this feature starts with this key: a save, a delete or a list event refreshes them all. */
export const contactListsQueryKey = ['contact-lists'] as const;

/** `GET /api/contact-lists/?searchParam=&pageNumber=` → {records, count, hasMore}. */
export function getContactLists(searchParam: string, pageNumber: number): Promise<ContactListPageResponse> {
  return api.get('/contact-lists/', { query: { searchParam, pageNumber }, schema: contactListPageResponseSchema });
}

export function getContactListsQueryOptions(searchParam: string) {
  return infiniteQueryOptions({
    queryKey: [...contactListsQueryKey, 'page', { searchParam }],
    queryFn: ({ pageParam }) => getContactLists(searchParam, pageParam),
    initialPageParam: 1,
    getNextPageParam: (lastPage, allPages) => (lastPage.hasMore ? allPages.length + 1 : undefined),
  });
}

export function useContactLists(searchParam: string) {
  return useInfiniteQuery(getContactListsQueryOptions(searchParam));
}
