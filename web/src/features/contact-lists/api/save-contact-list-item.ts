import { type ContactListItem, type ContactListItemCreateBody, contactListItemSchema } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { contactListsQueryKey } from './get-contact-lists';

export type SaveContactListItemInput = { id?: number; body: ContactListItemCreateBody };

/** `POST /api/contact-list-items` or `PUT /api/contact-list-items/{id}` with the item fields and contactListId. */
export function saveContactListItem({ id, body }: SaveContactListItemInput): Promise<ContactListItem> {
  return id
    ? api.put(`/contact-list-items/${id}`, body, { schema: contactListItemSchema })
    : api.post('/contact-list-items', body, { schema: contactListItemSchema });
}

export function useSaveContactListItem() {
  const queryClient = useQueryClient();
  // The dialog shows its own errors (a number the list already has under the number).
  return useMutation({
    mutationFn: saveContactListItem,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactListsQueryKey }),
  });
}
