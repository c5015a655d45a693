import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { TicketUser } from '../types';

/** `GET /api/users/list`: the company's users, for the admin's user filter. */
export async function getUsersList(): Promise<TicketUser[]> {
  const users = await api.get<unknown>('/users/list');
  return Array.isArray(users) ? (users as TicketUser[]) : [];
}

export function getUsersListQueryOptions() {
  return queryOptions({ queryKey: ['tickets', 'users'] as const, queryFn: getUsersList, meta: { silent: true }, staleTime: 60_000 });
}

export function useUsersList(enabled = true) {
  return useQuery({ ...getUsersListQueryOptions(), enabled });
}
