import { type ConnectionMessageResponse, connectionMessageResponseSchema } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** `PUT /api/whatsappsession/{id}`: drops the session's auth and asks for a new QR code ('Novo QR'). */
export function requestNewQrCode(id: number): Promise<ConnectionMessageResponse> {
  return api.put(`/whatsappsession/${id}`, undefined, { schema: connectionMessageResponseSchema });
}

export function useRequestNewQrCode() {
  return useMutation({ mutationFn: requestNewQrCode });
}
