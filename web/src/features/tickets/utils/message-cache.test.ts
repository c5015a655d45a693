import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';

import { aroundMessagesQueryKey, ticketMessagesQueryKey } from '../api/get-messages';
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

describe('a message from the socket, in a chat opened at a message', () => {
  const around = (ids: number[], hasNewer: boolean): MessagePages => ({
    pages: [{ messages: ids.map((id) => aMessage({ id, ticketId: 7 })), hasMore: true, nextId: ids[0] ?? null, hasNewer, newerId: null }],
    pageParams: [{ aroundId: ids[0] }],
  });

  it('waits for the newer pages while the newest is not loaded, and joins the chat once it is', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(aroundMessagesQueryKey(7, 1), around([1, 2], true));
    queryClient.setQueryData(aroundMessagesQueryKey(7, 5), around([5, 6], false));
    appendMessage(queryClient, 7, aMessage({ id: 9, ticketId: 7 }));
    expect(flattenMessages(queryClient.getQueryData(aroundMessagesQueryKey(7, 1))).map((m) => m.id)).toEqual([1, 2]);
    expect(flattenMessages(queryClient.getQueryData(aroundMessagesQueryKey(7, 5))).map((m) => m.id)).toEqual([5, 6, 9]);
  });

  it('updates a message it holds (an edit, an ack) wherever the newest is', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(aroundMessagesQueryKey(7, 1), around([1, 2], true));
    appendMessage(queryClient, 7, aMessage({ id: 2, ticketId: 7, body: 'editada' }));
    expect(flattenMessages(queryClient.getQueryData(aroundMessagesQueryKey(7, 1))).map((m) => m.body)).toEqual([
      expect.any(String),
      'editada',
    ]);
  });
});
