import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';

import { ticketMessagesQueryKey } from '../api/get-messages';
import { aMessage } from '../testing/ticket-factory';
import { appendMessage, flattenMessages, type MessagePages } from './message-cache';

const page = (ids: number[]): MessagePages => ({
  pages: [{ messages: ids.map((id) => aMessage({ id, ticketId: 7 })), hasMore: false, nextId: null }],
  pageParams: [null],
});

describe('a message from the socket', () => {
  it('joins the loaded chat of its ticket', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(ticketMessagesQueryKey(7), page([1, 2]));
    appendMessage(queryClient, 7, aMessage({ id: 3, ticketId: 7 }));
    expect(flattenMessages(queryClient.getQueryData(ticketMessagesQueryKey(7))).map((m) => m.id)).toEqual([1, 2, 3]);
  });

  it('makes a chat that is being loaded load again, since its page may have been read before the message was stored', async () => {
    const queryClient = new QueryClient();
    let calls = 0;
    let release: (value: MessagePages) => void = () => {};
    // The open chat: a query with an observer, its first load still on its way.
    const observer = new QueryObserver<MessagePages>(queryClient, {
      queryKey: ticketMessagesQueryKey(7),
      queryFn: () => {
        calls += 1;
        return calls === 1 ? new Promise<MessagePages>((resolve) => (release = resolve)) : Promise.resolve(page([1, 2, 3]));
      },
    });
    const unsubscribe = observer.subscribe(() => {});
    appendMessage(queryClient, 7, aMessage({ id: 3, ticketId: 7 }));
    release(page([1, 2]));
    await vi.waitFor(() =>
      expect(flattenMessages(queryClient.getQueryData(ticketMessagesQueryKey(7))).map((m) => m.id)).toEqual([1, 2, 3]),
    );
    expect(calls).toBe(2);
    unsubscribe();
  });
});
