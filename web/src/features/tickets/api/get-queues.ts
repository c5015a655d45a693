import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { TicketQueue } from '../types';

/** `GET /api/queue`: the company's queues (name and colour), for the queue selector and the list. */
export async function getQueues(): Promise<TicketQueue[]> {
  const queues = await api.get<unknown>('/queue');
  return Array.isArray(queues) ? (queues as TicketQueue[]) : [];
}

export function getQueuesQueryOptions() {
  return queryOptions({ queryKey: ['tickets', 'queues'] as const, queryFn: getQueues, meta: { silent: true }, staleTime: 60_000 });
}

export function useQueues() {
  return useQuery(getQueuesQueryOptions());
}
