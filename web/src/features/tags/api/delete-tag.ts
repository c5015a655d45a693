import { tagDeleteResponseSchema } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { tagsQueryKey } from './get-tags-page';

/** `DELETE /api/tags/{id}`: the tag goes, and with it from every ticket that carried it. */
export function deleteTag(id: number): Promise<unknown> {
  return api.delete(`/tags/${id}`, { schema: tagDeleteResponseSchema });
}

export function useDeleteTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTag,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tagsQueryKey }),
  });
}
