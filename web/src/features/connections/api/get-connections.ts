import { connectionListResponseSchema } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import type { Connection } from '../types';

export const connectionsQueryKey = ['connections'] as const;
export const connectionsListQueryKey = [...connectionsQueryKey, 'list'] as const;

/** `GET /api/whatsapp/`: the company's connections. */
export function getConnections(): Promise<Connection[]> {
  return api.get('/whatsapp/', { schema: connectionListResponseSchema });
}

export function getConnectionsQueryOptions() {
  return queryOptions({ queryKey: connectionsListQueryKey, queryFn: getConnections });
}

/** `silent` for readers in the background (the menu badge): their failure is no toast. */
export function useConnections(options: { silent?: boolean } = {}) {
  return useQuery({ ...getConnectionsQueryOptions(), meta: { silent: options.silent ?? false } });
}
