import { messageListResponseSchema } from '@app/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import type { MessagesPage } from '../types';

export const messagesQueryKey = ['messages'] as const;
export const ticketMessagesQueryKey = (ticketId: number) => [...messagesQueryKey, ticketId] as const;

/** `GET /api/messages/{ticketId}?pageNumber=`: a page of messages, page 1 the most recent. */
export function getMessages(ticketId: number, pageNumber: number): Promise<MessagesPage> {
  return api.get(`/messages/${ticketId}`, { query: { pageNumber }, schema: messageListResponseSchema });
}

export function getMessagesQueryOptions(ticketId: number) {
  return infiniteQueryOptions({
    queryKey: ticketMessagesQueryKey(ticketId),
    queryFn: ({ pageParam }) => getMessages(ticketId, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, _pages, pageParam) => (last.hasMore ? pageParam + 1 : undefined),
  });
}

export function useMessages(ticketId: number | undefined) {
  return useInfiniteQuery({ ...getMessagesQueryOptions(ticketId ?? 0), enabled: ticketId != null });
}
