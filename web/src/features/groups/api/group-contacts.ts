import {
  contactDeleteResponseSchema,
  contactSchema,
  type ContactUploadResponse,
  contactUploadResponseSchema,
  type GroupContact,
  type GroupListResponse,
} from '@app/contracts';
import { type InfiniteData, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { groupsQueryKey } from './get-groups';

/**
 * A group is a contact of the company: conversations owns it (PUT and DELETE /contacts/{id}, POST
 * /contacts/upload) and the ai service learns of the change by its event, so the cards change here at
 * once rather than on a refetch that could come before that event.
 */
function changeCards(queryClient: QueryClient, change: (contacts: GroupContact[]) => GroupContact[]) {
  queryClient.setQueriesData<InfiniteData<GroupListResponse>>({ queryKey: groupsQueryKey }, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, contacts: change(page.contacts) })) } : data,
  );
}

/** `PUT /api/contacts/{id}` with the group's new name. */
export function renameGroupContact({ id, name }: { id: number; name: string }) {
  return api.put(`/contacts/${id}`, { name }, { schema: contactSchema });
}

export function useRenameGroupContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameGroupContact,
    onSuccess: (contact) =>
      changeCards(queryClient, (contacts) => contacts.map((one) => (one.id === contact.id ? { ...one, name: contact.name } : one))),
  });
}

/** `DELETE /api/contacts/{id}`: the group's contact, its card with it. */
export function deleteGroupContact(id: number) {
  return api.delete(`/contacts/${id}`, { schema: contactDeleteResponseSchema });
}

export function useDeleteGroupContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGroupContact,
    onSuccess: (_answer, id) => changeCards(queryClient, (contacts) => contacts.filter((one) => one.id !== id)),
  });
}

/** `POST /api/contacts/upload` (multipart `file`, .xls or .xlsx): the sheet's contacts, groups among them. */
export function uploadGroupContactsSheet(file: File): Promise<ContactUploadResponse> {
  const form = new FormData();
  form.append('file', file);
  return api.post('/contacts/upload', form, { schema: contactUploadResponseSchema });
}

export function useUploadGroupContactsSheet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadGroupContactsSheet,
    // The page says what a refused sheet is in words.
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupsQueryKey }),
  });
}
