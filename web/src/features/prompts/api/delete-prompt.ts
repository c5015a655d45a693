import { promptDeleteResponseSchema } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { promptsQueryKey } from './get-prompts';

/** `DELETE /api/prompt/{id}` → {message}. */
export function deletePrompt(id: number): Promise<unknown> {
  return api.delete(`/prompt/${id}`, { schema: promptDeleteResponseSchema });
}

export function useDeletePrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePrompt,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promptsQueryKey }),
  });
}
