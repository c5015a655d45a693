import { userListResponseSchema } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import type { TicketUser } from '../types';

/** `GET /api/users/list`: the company's users, for the admin's user filter. */
export function getUsersList(): Promise<TicketUser[]> {
  return api.get('/users/list', { schema: userListResponseSchema });
}

export function getUsersListQueryOptions() {
  return queryOptions({ queryKey: ['tickets', 'users'] as const, queryFn: getUsersList, meta: { silent: true }, staleTime: 60_000 });
}

export function useUsersList(enabled = true) {
  return useQuery({ ...getUsersListQueryOptions(), enabled });
}
