import { messageListResponseSchema } from '@app/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import type { MessagesPage } from '../types';

export const messagesQueryKey = ['messages'] as const;
export const ticketMessagesQueryKey = (ticketId: number) => [...messagesQueryKey, ticketId] as const;
/** The chat opened at one message (a search's find): its own pages, apart from the chat opened at the newest. */
export const aroundMessagesQueryKey = (ticketId: number, messageId: number) =>
  [...ticketMessagesQueryKey(ticketId), 'around', messageId] as const;

/** Where a page starts: the newest (null), older than a message, newer than one, or around one. */
export type MessagesCursor = { nextId: number } | { newerId: number } | { aroundId: number } | null;

/**
 * `GET /api/messages/{ticketId}`: a page of messages, oldest first within it: the newest page, older
 * ones after `nextId`, the page around a message (`aroundId`) and newer ones from there (`newerId`).
 */
export function getMessages(ticketId: number, cursor: MessagesCursor): Promise<MessagesPage> {
  return api.get(`/messages/${ticketId}`, { query: { ...cursor }, schema: messageListResponseSchema });
}

/**
 * The chat's pages, newest page first: older pages are the query's next pages; opened at a message,
 * newer pages are its previous ones, until the newest.
 */
export function getMessagesQueryOptions(ticketId: number, aroundId?: number) {
  return infiniteQueryOptions({
    queryKey: aroundId != null ? aroundMessagesQueryKey(ticketId, aroundId) : ticketMessagesQueryKey(ticketId),
    // A message gone since the search (or not this chat's) opens the chat at the newest instead: no toast.
    meta: aroundId != null ? { silent: true } : undefined,
    queryFn: ({ pageParam }) => getMessages(ticketId, pageParam),
    initialPageParam: (aroundId != null ? { aroundId } : null) as MessagesCursor,
    getNextPageParam: (last): MessagesCursor | undefined => (last.hasMore && last.nextId !== null ? { nextId: last.nextId } : undefined),
    getPreviousPageParam: (first): MessagesCursor | undefined =>
      first.hasNewer && first.newerId != null ? { newerId: first.newerId } : undefined,
  });
}

export function useMessages(ticketId: number | undefined, aroundId?: number) {
  return useInfiniteQuery({ ...getMessagesQueryOptions(ticketId ?? 0, aroundId), enabled: ticketId != null });
}
