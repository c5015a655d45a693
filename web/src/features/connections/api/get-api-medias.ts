import { type ApiMediaFile, apiMediaListSchema } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export const apiMediasQueryKey = ['connections', 'api-medias'] as const;

/** `GET /api/whatsapp-media/api-medias` (admin): the company's uploaded images and videos for the API media positions, newest first. */
export function getApiMedias(): Promise<ApiMediaFile[]> {
  return api.get('/whatsapp-media/api-medias', { schema: apiMediaListSchema });
}

export function getApiMediasQueryOptions() {
  return queryOptions({ queryKey: apiMediasQueryKey, queryFn: getApiMedias });
}

export function useApiMedias() {
  return useQuery(getApiMediasQueryOptions());
}
