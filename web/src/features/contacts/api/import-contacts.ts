import {
  type ContactImportResponse,
  contactImportResponseSchema,
  type ContactUploadResponse,
  contactUploadResponseSchema,
} from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { contactsQueryKey } from './get-contacts';

/** `POST /api/contacts/import`: the connected phone's address book becomes contacts (existing numbers skipped). */
export function importPhoneContacts(): Promise<ContactImportResponse> {
  return api.post('/contacts/import', undefined, { schema: contactImportResponseSchema });
}

/** `POST /api/contacts/upload` (multipart `file`): imports a .xls, .xlsx or .csv sheet, answered row by row. */
export function uploadContactsSheet(file: File): Promise<ContactUploadResponse> {
  const form = new FormData();
  form.append('file', file);
  return api.post('/contacts/upload', form, { schema: contactUploadResponseSchema });
}

/** Both imports: the page reports their errors itself, so the app's default toast stays silent. */
export function useImportPhoneContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importPhoneContacts,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactsQueryKey }),
  });
}

export function useUploadContactsSheet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadContactsSheet,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactsQueryKey }),
  });
}
