import { messageListResponseSchema } from '@app/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import type { MessagesPage } from '../types';

export const messagesQueryKey = ['messages'] as const;
export const ticketMessagesQueryKey = (ticketId: number) => [...messagesQueryKey, ticketId] as const;

/** `GET /api/messages/{ticketId}?nextId=`: a page of messages, the most recent first, older ones after `nextId`. */
export function getMessages(ticketId: number, nextId: number | null): Promise<MessagesPage> {
  return api.get(`/messages/${ticketId}`, { query: { nextId: nextId ?? undefined }, schema: messageListResponseSchema });
}

export function getMessagesQueryOptions(ticketId: number) {
  return infiniteQueryOptions({
    queryKey: ticketMessagesQueryKey(ticketId),
    queryFn: ({ pageParam }) => getMessages(ticketId, pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => (last.hasMore && last.nextId !== null ? last.nextId : undefined),
  });
}

export function useMessages(ticketId: number | undefined) {
  return useInfiniteQuery({ ...getMessagesQueryOptions(ticketId ?? 0), enabled: ticketId != null });
}
