import { companySocketEvent, type KanbanTicket, type Tag, type Ticket } from '@app/contracts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import { useSocketEvent } from '@/lib/socket';

import { kanbanLanesQueryKey, kanbanQueryKey, type LaneId, type LanePages } from '../api/get-kanban';
import { cardOf, lanesOf, onBoard, withCard, withoutCard } from '../utils/kanban-cache';

type LaneFilter = { tagId: LaneId; queueIds: readonly number[] };

function eachLane(queryClient: QueryClient, change: (data: LanePages, lane: LaneFilter) => LanePages) {
  for (const [key, data] of queryClient.getQueriesData<LanePages>({ queryKey: kanbanLanesQueryKey })) {
    // The key is [...kanbanLanesQueryKey, filter] (kanbanLaneQueryOptions).
    const lane = key[kanbanLanesQueryKey.length] as LaneFilter | undefined;
    if (!data || !lane) continue;
    queryClient.setQueryData<LanePages>(key, change(data, lane));
  }
}

/** Puts a card on the lanes it belongs to and takes it off the others (every loaded board). */
export function placeCard(queryClient: QueryClient, card: KanbanTicket, kanbanTags: readonly Pick<Tag, 'id'>[]) {
  const lanes = lanesOf(card, new Set(kanbanTags.map((tag) => tag.id)));
  eachLane(queryClient, (data, lane) =>
    lanes.includes(lane.tagId) && onBoard(card, lane.queueIds) ? withCard(data, card) : withoutCard(data, card.id),
  );
}

export function removeCard(queryClient: QueryClient, ticketId: number) {
  eachLane(queryClient, (data) => withoutCard(data, ticketId));
}

/**
 * Keeps the board live: `company-{id}-ticket` (which reaches only the users who may see the ticket)
 * moves, adds or removes its card wherever a ticket or its tags changed; `company-{id}-tag` reloads
 * the lanes (a tag renamed, recoloured, made a lane or deleted).
 */
export function useKanbanRealtime(companyId: number, kanbanTags: readonly Tag[]) {
  const queryClient = useQueryClient();
  useSocketEvent(companySocketEvent(companyId, 'ticket'), (payload) => {
    if (payload.action === 'delete') removeCard(queryClient, payload.ticketId);
    if (payload.action === 'update') {
      const ticket: Ticket = payload.ticket;
      if (ticket.status === 'closed') removeCard(queryClient, ticket.id);
      else placeCard(queryClient, cardOf(ticket, kanbanTags), kanbanTags);
    }
  });
  useSocketEvent(companySocketEvent(companyId, 'tag'), () => {
    void queryClient.invalidateQueries({ queryKey: kanbanQueryKey });
  });
}

/** The board's own moves, applied at once and undone by a reload when the server refuses them. */
export function useKanbanMoves(kanbanTags: readonly Tag[]) {
  const queryClient = useQueryClient();
  const place = useCallback((card: KanbanTicket) => placeCard(queryClient, card, kanbanTags), [queryClient, kanbanTags]);
  const reload = useCallback(() => queryClient.invalidateQueries({ queryKey: kanbanQueryKey }), [queryClient]);
  return { place, reload };
}
