import { type Connection, connectionListResponseSchema } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export type TicketConnection = Pick<Connection, 'id' | 'name' | 'isDefault' | 'status' | 'provider'>;

/** `GET /api/whatsapp/`: the company's connections, to choose the one a new ticket goes through. */
export function getConnections(): Promise<TicketConnection[]> {
  return api.get('/whatsapp/', { schema: connectionListResponseSchema });
}

export function getConnectionsQueryOptions() {
  return queryOptions({ queryKey: ['tickets', 'connections'] as const, queryFn: getConnections, staleTime: 60_000 });
}

export function useTicketConnections(enabled = true) {
  return useQuery({ ...getConnectionsQueryOptions(), enabled });
}
