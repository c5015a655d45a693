import { type ContactList, type ContactListBody, contactListSchema } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { contactListsQueryKey } from './get-contact-lists';

export type SaveContactListInput = { id?: number; body: ContactListBody };

/** `POST /api/contact-lists` or `PUT /api/contact-lists/{id}` {name}. */
export function saveContactList({ id, body }: SaveContactListInput): Promise<ContactList> {
  return id
    ? api.put(`/contact-lists/${id}`, body, { schema: contactListSchema })
    : api.post('/contact-lists', body, { schema: contactListSchema });
}

export function useSaveContactList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveContactList,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactListsQueryKey }),
  });
}
