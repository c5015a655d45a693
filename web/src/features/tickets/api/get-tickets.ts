import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { TicketsPage } from '../types';
import { ticketListQuery, type TicketListFilter } from '../utils/ticket-list-filter';

export const ticketsQueryKey = ['tickets'] as const;
export const ticketListsQueryKey = [...ticketsQueryKey, 'list'] as const;

/** `GET /api/tickets`: one page of a ticket list, `{ tickets, hasMore }`. */
export async function getTickets(filter: TicketListFilter, pageNumber: number): Promise<TicketsPage> {
  const page = await api.get<Partial<TicketsPage> | undefined>('/tickets', { query: ticketListQuery(filter, pageNumber) });
  return { tickets: page?.tickets ?? [], hasMore: page?.hasMore ?? false };
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
