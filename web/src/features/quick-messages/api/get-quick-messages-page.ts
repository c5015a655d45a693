import { type QuickMessagePageResponse, quickMessagePageResponseSchema } from '@app/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { quickMessagesQueryKey } from '@/api/quick-messages';
import { api } from '@/lib/api-client';

/** `GET /api/quick-messages/?searchParam=&pageNumber=` → {records, count, hasMore}. */
export function getQuickMessagesPage(searchParam: string, pageNumber: number): Promise<QuickMessagePageResponse> {
  return api.get('/quick-messages/', { query: { searchParam, pageNumber }, schema: quickMessagePageResponseSchema });
}

export function useQuickMessagesPage(searchParam: string) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...quickMessagesQueryKey, 'page', { searchParam }],
      queryFn: ({ pageParam }) => getQuickMessagesPage(searchParam, pageParam),
      initialPageParam: 1,
      getNextPageParam: (lastPage, allPages) => (lastPage.hasMore ? allPages.length + 1 : undefined),
    }),
  );
}
