import { contactSchema } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import type { Contact, ContactCreateBody } from '../types';
import { contactsQueryKey } from './get-contacts';

export type SaveContactInput = { id?: number; body: ContactCreateBody };

/** `POST /api/contacts` (the number is checked against WhatsApp) or `PUT /api/contacts/{id}`. */
export function saveContact({ id, body }: SaveContactInput): Promise<Contact> {
  return id ? api.put(`/contacts/${id}`, body, { schema: contactSchema }) : api.post('/contacts', body, { schema: contactSchema });
}

export function useSaveContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveContact,
    // The contact modal shows the error itself (under the number field and in a toast).
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactsQueryKey }),
  });
}
