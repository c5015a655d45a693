import { ticketListResponseSchema } from '@app/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import type { TicketsPage } from '../types';
import { type TicketListFilter, ticketListQuery } from '../utils/ticket-list-filter';

export const ticketsQueryKey = ['tickets'] as const;
export const ticketListsQueryKey = [...ticketsQueryKey, 'list'] as const;

/** `GET /api/tickets`: one page of a ticket list, `{ tickets, hasMore }`. */
export function getTickets(filter: TicketListFilter, pageNumber: number): Promise<TicketsPage> {
  return api.get('/tickets', { query: ticketListQuery(filter, pageNumber), schema: ticketListResponseSchema });
}

export function getTicketsQueryOptions(filter: TicketListFilter) {
  return infiniteQueryOptions({
    queryKey: [...ticketListsQueryKey, filter] as const,
    queryFn: ({ pageParam }) => getTickets(filter, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, _pages, pageParam) => (last.hasMore ? pageParam + 1 : undefined),
  });
}

export function useTickets(filter: TicketListFilter, enabled = true) {
  return useInfiniteQuery({ ...getTicketsQueryOptions(filter), enabled });
}
