import { companySocketEvent, queueListResponseSchema, userListResponseSchema } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { useSocketEvent } from '@/lib/socket';

/** `GET /api/users/list`: the company's users, with who is online (for the user filter and the online count). */
export function getDashboardUsers() {
  return api.get('/users/list', { schema: userListResponseSchema });
}

/** `GET /api/queue`: the company's queues (for the queue filter and the names of the live counts). */
export function getDashboardQueues() {
  return api.get('/queue', { schema: queueListResponseSchema });
}

/** The company's users, asked again when one changes or comes online or goes offline (its company-{id}-user event). */
export function useDashboardUsers(companyId: number) {
  const users = useQuery(queryOptions({ queryKey: ['dashboard', 'users'], queryFn: getDashboardUsers }));
  useSocketEvent(companySocketEvent(companyId, 'user'), () => void users.refetch());
  return users;
}

export function useDashboardQueues() {
  return useQuery(queryOptions({ queryKey: ['dashboard', 'queues'], queryFn: getDashboardQueues }));
}
