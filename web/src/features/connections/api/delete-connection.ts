import { type ConnectionMessageResponse, connectionMessageResponseSchema } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { connectionsQueryKey } from './get-connections';

/** `DELETE /api/whatsapp/{id}` */
export function deleteConnection(id: number): Promise<ConnectionMessageResponse> {
  return api.delete(`/whatsapp/${id}`, { schema: connectionMessageResponseSchema });
}

export function useDeleteConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteConnection,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: connectionsQueryKey }),
  });
}
