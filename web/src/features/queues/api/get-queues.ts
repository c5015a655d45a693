import type { Queue } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const queuesQueryKey = ['queues'] as const;

/** `GET /api/queue`: the company's queues, by order then name. */
export async function getQueues(): Promise<Queue[]> {
  const queues = await api.get<unknown>('/queue');
  return Array.isArray(queues) ? (queues as Queue[]) : [];
}

export function getQueuesQueryOptions() {
  return queryOptions({ queryKey: queuesQueryKey, queryFn: getQueues });
}

export function useQueues() {
  return useQuery(getQueuesQueryOptions());
}
