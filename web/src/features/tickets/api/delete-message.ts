import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `DELETE /api/messages/{id}`: deletes an own message for everybody (it comes back struck through). */
export function deleteMessage(id: number): Promise<unknown> {
  return api.delete(`/messages/${id}`);
}

export function useDeleteMessage() {
  return useMutation({ mutationFn: deleteMessage, meta: { silent: true } });
}
