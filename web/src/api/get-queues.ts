import { type Queue, queueListResponseSchema } from '@app/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { useSocketEvent } from '@/lib/socket';

/**
 * The company's queues, fetched once for every feature that shows them (the queues page, the
 * connection form's selector, the tickets' filters and dialogs) under one cache key: saving,
 * deleting or changing a queue invalidates `queuesQueryKey` and every screen sees the change.
 */
export const queuesQueryKey = ['queues'] as const;

/** `GET /api/queue`: the company's queues, by order then name. */
export function getQueues(): Promise<Queue[]> {
  return api.get('/queue', { schema: queueListResponseSchema });
}

export function queuesQueryOptions() {
  return queryOptions({ queryKey: queuesQueryKey, queryFn: getQueues });
}

type UseQueuesOptions = {
  /** A selector that simply lists no queues until the queues service answers: no error toast, no retry. */
  silent?: boolean;
};

export function useQueues({ silent = false }: UseQueuesOptions = {}) {
  return useQuery(silent ? { ...queuesQueryOptions(), meta: { silent: true }, retry: false } : queuesQueryOptions());
}

/**
 * Keeps the shared queue list live for the whole signed-in app: a queue saved or deleted anywhere
 * (this tab, another admin) refreshes every screen that lists queues, not only the queues page.
 */
export function useQueuesRealtime(companyId: number | null | undefined) {
  const queryClient = useQueryClient();
  useSocketEvent(companyId ? `company-${companyId}-queue` : null, () => {
    void queryClient.invalidateQueries({ queryKey: queuesQueryKey });
  });
}
