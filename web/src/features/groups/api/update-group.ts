import { type GroupContact, groupContactSchema, type GroupUpdateBody } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { groupsQueryKey } from './get-groups';

/** `PUT /api/groups/{id}`: the transcription toggle alone, or the summary settings (a key sent back as shown keeps the stored one). */
export function updateGroup({ id, body }: { id: number; body: GroupUpdateBody }): Promise<GroupContact> {
  return api.put(`/groups/${id}`, body, { schema: groupContactSchema });
}

export function useUpdateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupsQueryKey }),
  });
}
