import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ConnectionQueue } from '../types';

/** `GET /api/queue`: the company's queues for the queue selector. */
export async function getQueues(): Promise<ConnectionQueue[]> {
  const queues = await api.get<unknown>('/queue');
  return Array.isArray(queues) ? (queues as ConnectionQueue[]) : [];
}

/** Silent: until the queues service answers, the selector simply lists no queues. */
export function getQueuesQueryOptions() {
  return queryOptions({ queryKey: ['connections', 'queues'] as const, queryFn: getQueues, meta: { silent: true }, retry: false });
}

export function useQueues() {
  return useQuery(getQueuesQueryOptions());
}
