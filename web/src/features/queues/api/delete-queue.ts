import { queueDeleteResponseSchema } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { queuesQueryKey } from '@/api/get-queues';
import { api } from '@/lib/api-client';

/** `DELETE /api/queue/{id}`. */
export function deleteQueue(id: number): Promise<unknown> {
  return api.delete(`/queue/${id}`, { schema: queueDeleteResponseSchema });
}

export function useDeleteQueue() {
  const queryClient = useQueryClient();
  // The page shows its own error; the app's default would toast it a second time.
  return useMutation({
    mutationFn: deleteQueue,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queuesQueryKey }),
  });
}
