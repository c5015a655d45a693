import { versionResponseSchema } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';

import { api } from '@/lib/api-client';

export type VersionResponse = z.infer<typeof versionResponseSchema>;

/** `GET /api/version` */
export function getVersion(): Promise<VersionResponse> {
  return api.get('/version', { schema: versionResponseSchema });
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
