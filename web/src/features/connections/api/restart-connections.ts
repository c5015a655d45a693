import type { ConnectionMessageResponse } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `POST /api/whatsapp-restart/`: restarts every session of the company; cards follow by socket. */
export function restartConnections(): Promise<ConnectionMessageResponse> {
  return api.post<ConnectionMessageResponse>('/whatsapp-restart/');
}

export function useRestartConnections() {
  return useMutation({ mutationFn: restartConnections });
}
