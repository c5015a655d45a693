import { userResponseSchema } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import type { UserRow } from '../types';
import { usersQueryKey } from './get-users';

/** `GET /api/users/{id}` */
export function getUser(userId: number): Promise<UserRow> {
  return api.get(`/users/${userId}`, { schema: userResponseSchema });
}

export function getUserQueryOptions(userId: number) {
  return queryOptions({ queryKey: [...usersQueryKey, 'detail', userId], queryFn: () => getUser(userId) });
}

export function useUser(userId: number | null) {
  return useQuery({ ...getUserQueryOptions(userId ?? 0), enabled: userId !== null });
}
