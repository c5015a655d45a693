import { type Contact, contactSchema, type ContactUpdateBody } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { contactQueryKey } from './get-contact';
import { ticketsQueryKey } from './get-tickets';

export type UpdateContactInput = { id: number; changes: ContactUpdateBody };

/** `PUT /api/contacts/{id}`. */
export function updateContact({ id, changes }: UpdateContactInput): Promise<Contact> {
  return api.put(`/contacts/${id}`, changes, { schema: contactSchema });
}

export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContact,
    meta: { silent: true },
    onSuccess: (contact) => {
      queryClient.setQueryData(contactQueryKey(contact.id), contact);
      void queryClient.invalidateQueries({ queryKey: ticketsQueryKey });
    },
  });
}
