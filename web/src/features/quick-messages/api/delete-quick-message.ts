import { quickMessageDeleteResponseSchema } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { quickMessagesQueryKey } from '@/api/quick-messages';
import { api } from '@/lib/api-client';

/** `DELETE /api/quick-messages/{id}`. */
export function deleteQuickMessage(id: number): Promise<unknown> {
  return api.delete(`/quick-messages/${id}`, { schema: quickMessageDeleteResponseSchema });
}

export function useDeleteQuickMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteQuickMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quickMessagesQueryKey }),
  });
}
