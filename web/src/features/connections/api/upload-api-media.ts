import { type ApiMediaFile, apiMediaFileSchema } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { apiMediasQueryKey } from './get-api-medias';

/**
 * `POST /api/whatsapp-media/api-medias` (admin, multipart `file`): a new image or video for the API
 * media positions; the answer names it, and the list of uploads is fetched again.
 */
export function uploadApiMedia(file: File): Promise<ApiMediaFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post('/whatsapp-media/api-medias', form, { schema: apiMediaFileSchema });
}

export function useUploadApiMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadApiMedia,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiMediasQueryKey }),
  });
}
