import { contactListItemDeleteResponseSchema } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { contactListsQueryKey } from './get-contact-lists';

/** `DELETE /api/contact-list-items/{id}` (contacts-page:deleteContact). */
export function deleteContactListItem(id: number): Promise<unknown> {
  return api.delete(`/contact-list-items/${id}`, { schema: contactListItemDeleteResponseSchema });
}

export function useDeleteContactListItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContactListItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactListsQueryKey }),
  });
}
