import { type MediaUploadResponse, mediaUploadResponseSchema } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** `POST /api/whatsapp-media` (multipart `file`): an image or video for an API media position; the answer names it. */
export function uploadApiMedia(file: File): Promise<MediaUploadResponse> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post('/whatsapp-media', form, { schema: mediaUploadResponseSchema });
}

export function useUploadApiMedia() {
  return useMutation({ mutationFn: uploadApiMedia });
}
