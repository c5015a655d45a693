import { apiMediaDeleteResponseSchema } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { apiMediasQueryKey } from './get-api-medias';

/**
 * `DELETE /api/whatsapp-media/api-medias/{name}` (admin): every version of the uploaded image or
 * video; refused with 409 ERR_API_MEDIA_IN_USE while a position holds it.
 */
export function deleteApiMedia(name: string): Promise<unknown> {
  return api.delete(`/whatsapp-media/api-medias/${encodeURIComponent(name)}`, { schema: apiMediaDeleteResponseSchema });
}

export function useDeleteApiMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteApiMedia,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiMediasQueryKey }),
  });
}
