import { queueListResponseSchema, userListResponseSchema } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** `GET /api/users/list`: the company's users, with who is online (for the user filter and the online count). */
export function getDashboardUsers() {
  return api.get('/users/list', { schema: userListResponseSchema });
}

/** `GET /api/queue`: the company's queues (for the queue filter and the names of the live counts). */
export function getDashboardQueues() {
  return api.get('/queue', { schema: queueListResponseSchema });
}

export function useDashboardUsers() {
  return useQuery(queryOptions({ queryKey: ['dashboard', 'users'], queryFn: getDashboardUsers, refetchInterval: 60_000 }));
}

export function useDashboardQueues() {
  return useQuery(queryOptions({ queryKey: ['dashboard', 'queues'], queryFn: getDashboardQueues }));
}
