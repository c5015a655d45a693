import { type Tag, type TagCreateBody, tagSchema } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { getTagsQueryOptions } from './get-tags';

/** `POST /api/tags {name}`: a new tag of the company. */
export function createTag(body: TagCreateBody): Promise<Tag> {
  return api.post('/tags', body, { schema: tagSchema });
}

export function useCreateTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTag,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getTagsQueryOptions().queryKey }),
  });
}
