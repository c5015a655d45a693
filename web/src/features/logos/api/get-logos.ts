import { logoListResponseSchema } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import type { LogoListResponse } from '../types';

export const logosQueryKey = ['logos'] as const;

/** `GET /api/logos` (public): the URL of each uploaded logo, null where none was uploaded. */
export function getLogos(): Promise<LogoListResponse> {
  return api.get('/logos', { schema: logoListResponseSchema, skipAuthRefresh: true });
}

export function getLogosQueryOptions() {
  return queryOptions({ queryKey: logosQueryKey, queryFn: getLogos, staleTime: 5 * 60_000, retry: false, meta: { silent: true } });
}

export function useLogos() {
  return useQuery(getLogosQueryOptions());
}
