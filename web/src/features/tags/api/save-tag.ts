import { type Tag, type TagCreateBody, tagSchema } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { tagsQueryKey } from './get-tags-page';

export type SaveTagInput = { id?: number; body: TagCreateBody };

/** `POST /api/tags` or `PUT /api/tags/{id}` {name, color, kanban}. */
export function saveTag({ id, body }: SaveTagInput): Promise<Tag> {
  return id ? api.put(`/tags/${id}`, body, { schema: tagSchema }) : api.post('/tags', body, { schema: tagSchema });
}

export function useSaveTag() {
  const queryClient = useQueryClient();
  // The dialog shows its own error (under the name when it is taken).
  return useMutation({
    mutationFn: saveTag,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tagsQueryKey }),
  });
}
