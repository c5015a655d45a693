import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { contactsQueryKey } from './get-contacts';

/** `POST /api/contacts/import`: imports the contacts of the connected phone. */
export function importPhoneContacts(): Promise<unknown> {
  return api.post('/contacts/import');
}

/** `POST /api/contacts/upload` (multipart `file`): imports a .xls or .xlsx sheet. */
export function uploadContactsSheet(file: File): Promise<unknown> {
  const form = new FormData();
  form.append('file', file);
  return api.post('/contacts/upload', form);
}

export function useImportPhoneContacts() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: importPhoneContacts, onSuccess: () => queryClient.invalidateQueries({ queryKey: contactsQueryKey }) });
}

export function useUploadContactsSheet() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadContactsSheet, onSuccess: () => queryClient.invalidateQueries({ queryKey: contactsQueryKey }) });
}
