import { type KanbanResponse, kanbanResponseSchema, type Tag, tagKanbanResponseSchema } from '@app/contracts';
import { type InfiniteData, infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** Every query of the board starts with this key: a tag event reloads them all. */
export const kanbanQueryKey = ['kanban'] as const;
export const kanbanLanesQueryKey = [...kanbanQueryKey, 'lane'] as const;

/** A lane: null is 'Em aberto' (no kanban tag). */
export type LaneId = number | null;
export type LaneCursor = { nextUpdatedAt: string; nextTicketId: number } | null;
export type LanePages = InfiniteData<KanbanResponse, LaneCursor>;

/** `GET /api/tags/kanban` → the kanban tags, the lanes after 'Em aberto'. */
export function getKanbanTags(): Promise<Tag[]> {
  return api.get('/tags/kanban', { schema: tagKanbanResponseSchema }).then((answer) => answer.lista);
}

export function useKanbanTags() {
  return useQuery(queryOptions({ queryKey: [...kanbanQueryKey, 'tags'], queryFn: getKanbanTags }));
}

/** `GET /api/ticket/kanban?queueIds=[..]&tagId=&nextUpdatedAt=&nextTicketId=`: one page of one lane. */
export function getKanbanLane(tagId: LaneId, queueIds: readonly number[], cursor: LaneCursor): Promise<KanbanResponse> {
  return api.get('/ticket/kanban', {
    query: {
      ...(queueIds.length > 0 ? { queueIds: JSON.stringify(queueIds) } : {}),
      ...(tagId !== null ? { tagId } : {}),
      ...(cursor ?? {}),
    },
    schema: kanbanResponseSchema,
  });
}

export function kanbanLaneQueryOptions(tagId: LaneId, queueIds: readonly number[]) {
  return infiniteQueryOptions({
    queryKey: [...kanbanLanesQueryKey, { tagId, queueIds }],
    queryFn: ({ pageParam }) => getKanbanLane(tagId, queueIds, pageParam),
    initialPageParam: null as LaneCursor,
    getNextPageParam: (lastPage): LaneCursor | undefined =>
      lastPage.hasMore && lastPage.nextUpdatedAt && lastPage.nextTicketId
        ? { nextUpdatedAt: lastPage.nextUpdatedAt, nextTicketId: lastPage.nextTicketId }
        : undefined,
  });
}

export function useKanbanLane(tagId: LaneId, queueIds: readonly number[]) {
  return useInfiniteQuery(kanbanLaneQueryOptions(tagId, queueIds));
}
