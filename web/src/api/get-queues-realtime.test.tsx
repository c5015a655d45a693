import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';

const handlers = vi.hoisted(() => new Map<string, () => void>());
vi.mock('@/lib/socket', () => ({
  useSocketEvent: (event: string | null, handler: () => void) => {
    if (event) handlers.set(event, handler);
  },
}));

const { queuesQueryKey, useQueuesRealtime } = await import('@/api/get-queues');

describe('the queue list stays live in the whole signed-in app', () => {
  it("a company's queue event invalidates the one shared queue list", () => {
    const client = new QueryClient();
    client.setQueryData(queuesQueryKey, []);
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    renderHook(() => useQueuesRealtime(7), { wrapper });

    expect(client.getQueryState(queuesQueryKey)?.isInvalidated).toBe(false);
    handlers.get('company-7-queue')!();
    expect(client.getQueryState(queuesQueryKey)?.isInvalidated).toBe(true);
  });

  it('listens to nothing before the user is known', () => {
    handlers.clear();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
    );
    renderHook(() => useQueuesRealtime(undefined), { wrapper });
    expect(handlers.size).toBe(0);
  });
});
