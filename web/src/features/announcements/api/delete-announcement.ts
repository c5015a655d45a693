import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { announcementsQueryKey } from './get-announcements';

/** `DELETE /api/announcements/{id}` (super users). Answers 204 with no body, so there is no answer to parse. */
export function deleteAnnouncement(id: number): Promise<void> {
  return api.delete<void>(`/announcements/${id}`);
}

export function useDeleteAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAnnouncement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementsQueryKey }),
  });
}
