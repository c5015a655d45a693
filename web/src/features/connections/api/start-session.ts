import type { ConnectionMessageResponse } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `POST /api/whatsappsession/{id}`: starts the session again ('Tentar Novamente'). */
export function startSession(id: number): Promise<ConnectionMessageResponse> {
  return api.post<ConnectionMessageResponse>(`/whatsappsession/${id}`);
}

export function useStartSession() {
  return useMutation({ mutationFn: startSession });
}
