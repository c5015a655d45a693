import { type GroupListResponse, groupListResponseSchema } from '@app/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** Every groups query starts with this key: a save refreshes them all. */
export const groupsQueryKey = ['groups'] as const;

/** `GET /api/groups?searchParam=&pageNumber=` → {contacts, count, hasMore}, 20 a page. */
export function getGroups(searchParam: string, pageNumber: number): Promise<GroupListResponse> {
  return api.get('/groups', { query: { searchParam, pageNumber }, schema: groupListResponseSchema });
}

export function getGroupsQueryOptions(searchParam: string) {
  return infiniteQueryOptions({
    queryKey: [...groupsQueryKey, 'page', { searchParam }],
    queryFn: ({ pageParam }) => getGroups(searchParam, pageParam),
    initialPageParam: 1,
    getNextPageParam: (lastPage, allPages) => (lastPage.hasMore ? allPages.length + 1 : undefined),
  });
}

export function useGroups(searchParam: string) {
  return useInfiniteQuery(getGroupsQueryOptions(searchParam));
}
