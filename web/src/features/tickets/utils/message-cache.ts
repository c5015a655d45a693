import type { InfiniteData, QueryClient } from '@tanstack/react-query';

import { reloadIfLoading } from '@/lib/react-query';

import { ticketMessagesQueryKey } from '../api/get-messages';
import type { Message, MessagesPage } from '../types';

export type MessagePages = InfiniteData<MessagesPage>;

/**
 * The chat's messages, oldest first: pages come newest page first, each page oldest first. A message
 * present twice (a page shifted by new messages) is kept once.
 */
export function flattenMessages(data: MessagePages | undefined): Message[] {
  if (!data) return [];
  const seen = new Set<number>();
  const messages: Message[] = [];
  for (const page of [...data.pages].reverse()) {
    for (const message of page.messages) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      messages.push(message);
    }
  }
  return messages;
}

/** A created or updated message: replaced where it is, else added at the end of the newest page. */
export function putMessage(data: MessagePages, message: Message): MessagePages {
  const present = data.pages.some((page) => page.messages.some((item) => item.id === message.id));
  if (present) {
    return {
      ...data,
      pages: data.pages.map((page) => ({ ...page, messages: page.messages.map((item) => (item.id === message.id ? message : item)) })),
    };
  }
  const [first, ...rest] = data.pages;
  if (!first) return data;
  return { ...data, pages: [{ ...first, messages: [...first.messages, message] }, ...rest] };
}

/** Whether the chat's pages end at the newest message (a chat opened at a message may stop short of it). */
export function reachesNewest(data: MessagePages): boolean {
  return !data.pages[0]?.hasNewer;
}

/**
 * Puts a socket message into the cached chat of its ticket. Earlier tickets of the same contact show
 * in a later ticket's chat too, so every cached chat holding the message gets the update. A chat of
 * the ticket opened at a message gets a new message only once it reaches the newest: before that,
 * the message comes with the newer pages.
 */
export function appendMessage(queryClient: QueryClient, ticketId: number, message: Message) {
  const key = ticketMessagesQueryKey(ticketId);
  queryClient.setQueryData<MessagePages>(key, (data) => (data ? putMessage(data, message) : data));
  reloadIfLoading(queryClient, key);
  for (const [cachedKey, data] of queryClient.getQueriesData<MessagePages>({ queryKey: ['messages'] })) {
    if (!data || (cachedKey[1] === ticketId && cachedKey.length === key.length)) continue;
    const present = data.pages.some((page) => page.messages.some((item) => item.id === message.id));
    const openedAtMessageOfTicket = cachedKey[1] === ticketId;
    if (present || (openedAtMessageOfTicket && reachesNewest(data))) {
      queryClient.setQueryData<MessagePages>(cachedKey, putMessage(data, message));
    }
  }
}
