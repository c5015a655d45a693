import { type TagPageResponse, tagPageResponseSchema } from '@app/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** Every tags query of this feature starts with this key: a save, a delete or a tag event refreshes them all. */
export const tagsQueryKey = ['tags'] as const;

/** `GET /api/tags/?searchParam=&pageNumber=` → {tags, hasMore}. */
export function getTagsPage(searchParam: string, pageNumber: number): Promise<TagPageResponse> {
  return api.get('/tags/', { query: { searchParam, pageNumber }, schema: tagPageResponseSchema });
}

export function getTagsPageQueryOptions(searchParam: string) {
  return infiniteQueryOptions({
    queryKey: [...tagsQueryKey, 'page', { searchParam }],
    queryFn: ({ pageParam }) => getTagsPage(searchParam, pageParam),
    initialPageParam: 1,
    getNextPageParam: (lastPage, allPages) => (lastPage.hasMore ? allPages.length + 1 : undefined),
  });
}

export function useTagsPage(searchParam: string) {
  return useInfiniteQuery(getTagsPageQueryOptions(searchParam));
}
