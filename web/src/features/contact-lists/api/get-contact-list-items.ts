import { type ContactListItemPageResponse, contactListItemPageResponseSchema } from '@app/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { contactListsQueryKey } from './get-contact-lists';

/** The items of one list: under the lists' key, so an item change refreshes the lists' counts too. */
export const contactListItemsQueryKey = (contactListId: number) => [...contactListsQueryKey, contactListId, 'items'] as const;

/** `GET /api/contact-list-items?searchParam=&pageNumber=&contactListId=` → {contacts, count, hasMore}. */
export function getContactListItems(contactListId: number, searchParam: string, pageNumber: number): Promise<ContactListItemPageResponse> {
  return api.get('/contact-list-items', { query: { searchParam, pageNumber, contactListId }, schema: contactListItemPageResponseSchema });
}

export function getContactListItemsQueryOptions(contactListId: number, searchParam: string) {
  return infiniteQueryOptions({
    queryKey: [...contactListItemsQueryKey(contactListId), { searchParam }],
    queryFn: ({ pageParam }) => getContactListItems(contactListId, searchParam, pageParam),
    initialPageParam: 1,
    getNextPageParam: (lastPage, allPages) => (lastPage.hasMore ? allPages.length + 1 : undefined),
  });
}

export function useContactListItems(contactListId: number, searchParam: string) {
  return useInfiniteQuery(getContactListItemsQueryOptions(contactListId, searchParam));
}
