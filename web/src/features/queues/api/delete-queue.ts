import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queuesQueryKey } from './get-queues';

/** `DELETE /api/queue/{id}`. */
export function deleteQueue(id: number): Promise<unknown> {
  return api.delete(`/queue/${id}`);
}

export function useDeleteQueue() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteQueue, onSuccess: () => queryClient.invalidateQueries({ queryKey: queuesQueryKey }) });
}
