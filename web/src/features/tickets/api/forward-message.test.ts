import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { aMessage } from '../testing/ticket-factory';
import { FORWARD_PAUSE_MS, forwardMessages } from './forward-message';

type Sent = { at: number; body: { messageId: number; contactId: number; signMessage: boolean } };

describe('forwarding several messages', () => {
  let sent: Sent[];
  let failFor: Set<number>;

  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.setItem('token', JSON.stringify('t'));
    sent = [];
    failFor = new Set();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
        expect(String(url)).toBe('/api/message/forward');
        expect(init?.method).toBe('POST');
        const body = JSON.parse(String(init?.body)) as Sent['body'];
        sent.push({ at: Date.now(), body });
        if (failFor.has(body.messageId)) {
          return new Response(JSON.stringify({ error: 'ERR_NOT_FOUND', message: 'Message not found' }), {
            status: 404,
            headers: { 'Content-Type': 'application/json' },
          });
        }
        return new Response(JSON.stringify(aMessage({ id: 1000 + body.messageId, fromMe: true, isForwarded: true })), {
          status: 201,
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('goes out one at a time, in the given order, 900 ms apart, as POST /message/forward {messageId, contactId, signMessage}', async () => {
    const progress = vi.fn();
    const start = Date.now();
    const running = forwardMessages({ messageIds: [5, 9, 7], contactId: 42, signMessage: true, onProgress: progress });
    await vi.runAllTimersAsync();
    const result = await running;

    expect(sent.map((call) => call.body)).toEqual([
      { messageId: 5, contactId: 42, signMessage: true },
      { messageId: 9, contactId: 42, signMessage: true },
      { messageId: 7, contactId: 42, signMessage: true },
    ]);
    expect(sent.map((call) => call.at - start)).toEqual([0, FORWARD_PAUSE_MS, 2 * FORWARD_PAUSE_MS]);
    expect(FORWARD_PAUSE_MS).toBe(900);
    expect(progress.mock.calls.map(([p]) => p)).toEqual([
      { done: 1, total: 3 },
      { done: 2, total: 3 },
      { done: 3, total: 3 },
    ]);
    expect(result).toEqual({ forwarded: [5, 9, 7], failed: [] });
  });

  it('the next message does not leave before the previous answer and the pause', async () => {
    const running = forwardMessages({ messageIds: [1, 2], contactId: 3, signMessage: false });
    await vi.advanceTimersByTimeAsync(FORWARD_PAUSE_MS - 1);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.body.signMessage).toBe(false);
    await running;
  });

  it('a failure is reported with its error and the remaining messages are still forwarded', async () => {
    failFor.add(9);
    const running = forwardMessages({ messageIds: [5, 9, 7], contactId: 42, signMessage: true });
    await vi.runAllTimersAsync();
    const result = await running;

    expect(sent.map((call) => call.body.messageId)).toEqual([5, 9, 7]);
    expect(result.forwarded).toEqual([5, 7]);
    expect(result.failed).toHaveLength(1);
    expect(result.failed[0]).toMatchObject({ messageId: 9, error: { status: 404, code: 'ERR_NOT_FOUND' } });
  });
});
