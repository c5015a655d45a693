import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type VersionResponse = { version: string };

/** `GET /api/version` */
export function getVersion(): Promise<VersionResponse> {
  return api.get<VersionResponse>('/version');
}

export function getVersionQueryOptions() {
  return queryOptions({
    queryKey: ['version'],
    queryFn: getVersion,
    staleTime: Infinity,
    retry: false,
    meta: { silent: true },
  });
}

export function useVersion({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getVersionQueryOptions(), enabled });
}
