import { tagListResponseSchema } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import type { TicketTag } from '../types';

/** `GET /api/tags/list`: the company's tags, for the search tab's tag filter. */
export function getTags(): Promise<TicketTag[]> {
  return api.get('/tags/list', { schema: tagListResponseSchema });
}

export function getTagsQueryOptions() {
  return queryOptions({ queryKey: ['tickets', 'tags'] as const, queryFn: getTags, meta: { silent: true }, staleTime: 60_000 });
}

export function useTags(enabled = true) {
  return useQuery({ ...getTagsQueryOptions(), enabled });
}
