import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { helpsQueryKey } from './get-helps';

/** `DELETE /api/helps/{id}` (super users). Answers 204 with no body, so there is no answer to parse. */
export function deleteHelp(helpId: number): Promise<void> {
  return api.delete<void>(`/helps/${helpId}`);
}

export function useDeleteHelp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteHelp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: helpsQueryKey }),
  });
}
