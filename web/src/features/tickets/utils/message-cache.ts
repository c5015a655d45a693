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

/**
 * Puts a socket message into the cached chat of its ticket. Earlier tickets of the same contact show
 * in a later ticket's chat too, so every cached chat holding the message gets the update.
 */
export function appendMessage(queryClient: QueryClient, ticketId: number, message: Message) {
  const key = ticketMessagesQueryKey(ticketId);
  queryClient.setQueryData<MessagePages>(key, (data) => (data ? putMessage(data, message) : data));
  reloadIfLoading(queryClient, key);
  for (const [key, data] of queryClient.getQueriesData<MessagePages>({ queryKey: ['messages'] })) {
    if (!data || key[1] === ticketId) continue;
    if (data.pages.some((page) => page.messages.some((item) => item.id === message.id))) {
      queryClient.setQueryData<MessagePages>(key, putMessage(data, message));
    }
  }
}
