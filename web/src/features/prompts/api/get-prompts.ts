import { type PromptPageResponse, promptPageResponseSchema } from '@app/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** Every prompts query starts with this key: a save, a delete or a `company-{id}-prompt` event refreshes them all. */
export const promptsQueryKey = ['prompts'] as const;

/** `GET /api/prompt?searchParam=&pageNumber=` → {prompts, count, hasMore}, 20 a page. */
export function getPrompts(searchParam: string, pageNumber: number): Promise<PromptPageResponse> {
  return api.get('/prompt', { query: { searchParam, pageNumber }, schema: promptPageResponseSchema });
}

export function getPromptsQueryOptions(searchParam: string) {
  return infiniteQueryOptions({
    queryKey: [...promptsQueryKey, 'page', { searchParam }],
    queryFn: ({ pageParam }) => getPrompts(searchParam, pageParam),
    initialPageParam: 1,
    getNextPageParam: (lastPage, allPages) => (lastPage.hasMore ? allPages.length + 1 : undefined),
  });
}

export function usePrompts(searchParam: string) {
  return useInfiniteQuery(getPromptsQueryOptions(searchParam));
}
