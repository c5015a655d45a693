import { connectionSchema } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import type { Connection } from '../types';
import { connectionsQueryKey } from './get-connections';

/** `GET /api/whatsapp/{id}` */
export function getConnection(id: number): Promise<Connection> {
  return api.get(`/whatsapp/${id}`, { schema: connectionSchema });
}

export function getConnectionQueryOptions(id: number) {
  return queryOptions({ queryKey: [...connectionsQueryKey, 'detail', id], queryFn: () => getConnection(id), staleTime: 0 });
}

export function useConnection(id: number | null) {
  return useQuery({ ...getConnectionQueryOptions(id ?? 0), enabled: id != null });
}
