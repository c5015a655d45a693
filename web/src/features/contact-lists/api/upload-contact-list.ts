import { type ContactListUploadResponse, contactListUploadResponseSchema } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { contactListsQueryKey } from './get-contact-lists';

export type UploadContactListInput = { contactListId: number; file: File };

/** `POST /api/contact-lists/{id}/upload` (multipart `file`, .xlsx, .xls or .csv), answered row by row. */
export function uploadContactList({ contactListId, file }: UploadContactListInput): Promise<ContactListUploadResponse> {
  const form = new FormData();
  form.append('file', file);
  return api.post(`/contact-lists/${contactListId}/upload`, form, { schema: contactListUploadResponseSchema });
}

export function useUploadContactList() {
  const queryClient = useQueryClient();
  // The page reports the import (and a refused sheet) itself.
  return useMutation({
    mutationFn: uploadContactList,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactListsQueryKey }),
  });
}
