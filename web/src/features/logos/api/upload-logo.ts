import { IDENTITY_MESSAGES, type LogoUploadResponse, logoUploadResponseSchema } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import type { LogoDestination } from '../types';
import { logosQueryKey } from './get-logos';

export type UploadLogoResponse = LogoUploadResponse;

/** The answer the spec counts as success. */
export const FILE_ATTACHED = IDENTITY_MESSAGES.fileAttached;

/** `POST /api/settings/media-upload?ref={destination}` multipart `file` (super users). */
export function uploadLogo({ destination, file }: { destination: LogoDestination; file: File }): Promise<UploadLogoResponse> {
  const body = new FormData();
  body.append('file', file);
  return api.post('/settings/media-upload', body, { query: { ref: destination }, schema: logoUploadResponseSchema });
}

export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadLogo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: logosQueryKey }),
    meta: { errorKey: 'logos.toasts.uploadError' },
  });
}
