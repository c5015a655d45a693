import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type TicketConnection = { id: number; name: string; isDefault?: boolean; status?: string };

/** `GET /api/whatsapp/`: the company's connections, to choose the one a new ticket goes through. */
export async function getConnections(): Promise<TicketConnection[]> {
  const connections = await api.get<unknown>('/whatsapp/');
  return Array.isArray(connections) ? (connections as TicketConnection[]) : [];
}

export function getConnectionsQueryOptions() {
  return queryOptions({ queryKey: ['tickets', 'connections'] as const, queryFn: getConnections, staleTime: 60_000 });
}

export function useTicketConnections(enabled = true) {
  return useQuery({ ...getConnectionsQueryOptions(), enabled });
}
