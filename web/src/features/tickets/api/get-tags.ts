import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { TicketTag } from '../types';

/** `GET /api/tags/list`: the company's tags, for the search tab's tag filter. */
export async function getTags(): Promise<TicketTag[]> {
  const tags = await api.get<unknown>('/tags/list');
  return Array.isArray(tags) ? (tags as TicketTag[]) : [];
}

export function getTagsQueryOptions() {
  return queryOptions({ queryKey: ['tickets', 'tags'] as const, queryFn: getTags, meta: { silent: true }, staleTime: 60_000 });
}

export function useTags(enabled = true) {
  return useQuery({ ...getTagsQueryOptions(), enabled });
}
