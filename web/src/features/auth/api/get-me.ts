import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getToken } from '@/lib/session';
import type { AuthUser } from '../types';

export const meQueryKey = ['auth', 'me'] as const;

/** `GET /api/auth/me`; null without a stored token (no request is made then). */
export async function getMe(): Promise<AuthUser | null> {
  if (!getToken()) return null;
  const body = await api.get<AuthUser | { user: AuthUser } | undefined>('/auth/me');
  if (!body || typeof body !== 'object') return null;
  // The user itself (as the API answers), or wrapped as { user } (as some Whaticket builds do).
  return 'id' in body ? body : (body.user ?? null);
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
