import { type ConnectionMessageResponse, connectionMessageResponseSchema } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** `POST /api/whatsapp-restart/`: restarts every session of the company; cards follow by socket. */
export function restartConnections(): Promise<ConnectionMessageResponse> {
  return api.post('/whatsapp-restart/', undefined, { schema: connectionMessageResponseSchema });
}

export function useRestartConnections() {
  return useMutation({ mutationFn: restartConnections });
}
