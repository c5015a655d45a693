import { type ConnectionCreateBody, connectionSchema } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import type { Connection } from '../types';
import { connectionsQueryKey } from './get-connections';

/** `POST /api/whatsapp`: the new connection starts its session on the server. */
export function createConnection(body: ConnectionCreateBody): Promise<Connection> {
  return api.post('/whatsapp', body, { schema: connectionSchema });
}

export function useCreateConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createConnection,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: connectionsQueryKey }),
  });
}
