import { type ConnectionMessageResponse, connectionMessageResponseSchema } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** `DELETE /api/whatsappsession/{id}`: logs the phone out ('Desconectar'). */
export function disconnectSession(id: number): Promise<ConnectionMessageResponse> {
  return api.delete(`/whatsappsession/${id}`, { schema: connectionMessageResponseSchema });
}

export function useDisconnectSession() {
  return useMutation({ mutationFn: disconnectSession });
}
