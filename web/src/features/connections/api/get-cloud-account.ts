import { type CloudAccount, cloudAccountSchema } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { connectionsQueryKey } from './get-connections';

/** `GET /api/whatsapp/{id}/cloud`: a Cloud API connection's card (admins; secrets as hints). */
export function getCloudAccount(id: number): Promise<CloudAccount> {
  return api.get(`/whatsapp/${id}/cloud`, { schema: cloudAccountSchema });
}

export function getCloudAccountQueryOptions(id: number) {
  return queryOptions({ queryKey: [...connectionsQueryKey, 'cloud', id], queryFn: () => getCloudAccount(id), staleTime: 0 });
}

export function useCloudAccount(id: number | null) {
  return useQuery({ ...getCloudAccountQueryOptions(id ?? 0), enabled: id != null });
}
