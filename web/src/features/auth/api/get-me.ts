import { meResponseSchema } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { getToken } from '@/lib/session';

import type { AuthUser } from '../types';

export const meQueryKey = ['auth', 'me'] as const;

/** `GET /api/auth/me`; null without a stored token (no request is made then). */
export async function getMe(): Promise<AuthUser | null> {
  if (!getToken()) return null;
  return api.get('/auth/me', { schema: meResponseSchema });
}

export function getMeQueryOptions() {
  return queryOptions({
    queryKey: meQueryKey,
    queryFn: getMe,
    staleTime: Infinity,
    retry: false,
    meta: { silent: true },
  });
}

export function useMe() {
  return useQuery(getMeQueryOptions());
}
