import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';

import { reloadIfLoading } from './react-query';

describe('a live event for a query that is loading', () => {
  it('loads it again once that load ends, once however many events came meanwhile', async () => {
    const queryClient = new QueryClient();
    let calls = 0;
    let release: (value: string[]) => void = () => {};
    const observer = new QueryObserver<string[]>(queryClient, {
      queryKey: ['tickets', 'list'],
      queryFn: () => {
        calls += 1;
        return calls === 1 ? new Promise<string[]>((resolve) => (release = resolve)) : Promise.resolve(['old', 'new']);
      },
    });
    const unsubscribe = observer.subscribe(() => {});
    for (let i = 0; i < 3; i++) reloadIfLoading(queryClient, ['tickets', 'list']);
    release(['old']);
    await vi.waitFor(() => expect(queryClient.getQueryData(['tickets', 'list'])).toEqual(['old', 'new']));
    expect(calls).toBe(2);
    reloadIfLoading(queryClient, ['tickets', 'list']); // nothing loading now: nothing to do
    expect(calls).toBe(2);
    unsubscribe();
  });
});
