import { contactDeleteResponseSchema } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { contactsQueryKey } from './get-contacts';

/** `DELETE /api/contacts/{id}` (the `contacts-page:deleteContact` check). */
export function deleteContact(id: number): Promise<unknown> {
  return api.delete(`/contacts/${id}`, { schema: contactDeleteResponseSchema });
}

export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContact,
    // The contacts page shows the error itself.
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactsQueryKey }),
  });
}
