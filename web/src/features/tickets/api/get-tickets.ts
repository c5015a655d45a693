import { ticketListResponseSchema } from '@app/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import type { TicketsCursor, TicketsPage } from '../types';
import { type TicketListFilter, ticketListQuery } from '../utils/ticket-list-filter';

export const ticketsQueryKey = ['tickets'] as const;
export const ticketListsQueryKey = [...ticketsQueryKey, 'list'] as const;

/** `GET /api/tickets`: one page of a ticket list from a cursor, `{ tickets, hasMore, nextUpdatedAt, nextTicketId }`. */
export function getTickets(filter: TicketListFilter, cursor: TicketsCursor): Promise<TicketsPage> {
  return api.get('/tickets', { query: ticketListQuery(filter, cursor), schema: ticketListResponseSchema });
}

export function getTicketsQueryOptions(filter: TicketListFilter) {
  return infiniteQueryOptions({
    queryKey: [...ticketListsQueryKey, filter] as const,
    queryFn: ({ pageParam }) => getTickets(filter, pageParam),
    initialPageParam: null as TicketsCursor,
    // A list is kept live by its socket events only while the inbox is open: one cached from an
    // earlier visit missed what happened meanwhile, so coming back asks again.
    refetchOnMount: 'always',
    // Pages go by the keyset cursor: a ticket updated while the list scrolls moves to the top by its
    // live event, and the pages after it neither skip nor repeat a ticket.
    getNextPageParam: (last): TicketsCursor | undefined =>
      last.hasMore && last.nextUpdatedAt !== null && last.nextTicketId !== null
        ? { nextUpdatedAt: last.nextUpdatedAt, nextTicketId: last.nextTicketId }
        : undefined,
  });
}

export function useTickets(filter: TicketListFilter, enabled = true) {
  return useInfiniteQuery({ ...getTicketsQueryOptions(filter), enabled });
}
