import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';

import { queuesQueryKey, queuesQueryOptions } from '@/api/get-queues';

describe('the queues query', () => {
  it('has one cache key, so one invalidation refreshes every screen that lists queues', async () => {
    expect(queuesQueryOptions().queryKey).toEqual(queuesQueryKey);
    const client = new QueryClient();
    client.setQueryData(queuesQueryKey, []);
    await client.invalidateQueries({ queryKey: queuesQueryKey });
    expect(client.getQueryState(queuesQueryKey)?.isInvalidated).toBe(true);
  });
});
