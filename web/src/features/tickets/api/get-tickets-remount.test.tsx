import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => ({ count: 0 }));
vi.mock('@/lib/api-client', async (original) => {
  const actual = await original<Record<string, unknown>>();
  return {
    ...actual,
    api: {
      get: async () => {
        calls.count += 1;
        return { tickets: [], hasMore: false, nextUpdatedAt: null, nextTicketId: null };
      },
    },
  };
});

const { useTickets } = await import('./get-tickets');

describe('a ticket list cached from an earlier visit to the inbox', () => {
  it('is asked again when the inbox opens, though the cache is fresh: its live events were not heard meanwhile', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const filter = { status: 'pending' as const, showAll: true, queueIds: [] };
    const first = renderHook(() => useTickets(filter), { wrapper });
    await waitFor(() => expect(first.result.current.isSuccess).toBe(true));
    first.unmount();
    expect(calls.count).toBe(1);

    const again = renderHook(() => useTickets(filter), { wrapper });
    await waitFor(() => expect(calls.count).toBe(2));
    again.unmount();
  });
});
