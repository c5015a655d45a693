import { type ConnectionMessageResponse, connectionMessageResponseSchema } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** `POST /api/whatsappsession/{id}`: starts the session again ('Tentar Novamente'). */
export function startSession(id: number): Promise<ConnectionMessageResponse> {
  return api.post(`/whatsappsession/${id}`, undefined, { schema: connectionMessageResponseSchema });
}

export function useStartSession() {
  return useMutation({ mutationFn: startSession });
}
