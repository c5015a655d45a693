import { contactListDeleteResponseSchema } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { contactListsQueryKey } from './get-contact-lists';

/** `DELETE /api/contact-lists/{id}`: the list and its contacts. */
export function deleteContactList(id: number): Promise<unknown> {
  return api.delete(`/contact-lists/${id}`, { schema: contactListDeleteResponseSchema });
}

export function useDeleteContactList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContactList,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactListsQueryKey }),
  });
}
