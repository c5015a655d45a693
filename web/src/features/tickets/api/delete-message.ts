import { type Message, messageDeleteResponseSchema } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** `DELETE /api/messages/{id}`: deletes an own message for everybody (it comes back struck through). */
export function deleteMessage(id: number): Promise<Message> {
  return api.delete(`/messages/${id}`, { schema: messageDeleteResponseSchema });
}

export function useDeleteMessage() {
  return useMutation({ mutationFn: deleteMessage, meta: { silent: true } });
}
