import { connectionSchema, type ConnectionUpdateBody } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import type { Connection } from '../types';
import { connectionsQueryKey } from './get-connections';

export type UpdateConnectionInput = { id: number; changes: ConnectionUpdateBody };

/** `PUT /api/whatsapp/{id}` with the changed fields only. */
export function updateConnection({ id, changes }: UpdateConnectionInput): Promise<Connection> {
  return api.put(`/whatsapp/${id}`, changes, { schema: connectionSchema });
}

export function useUpdateConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateConnection,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: connectionsQueryKey }),
  });
}
