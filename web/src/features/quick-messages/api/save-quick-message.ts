import { type QuickMessage, type QuickMessageCreateBody, quickMessageSchema } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { quickMessagesQueryKey } from '@/api/quick-messages';
import { api } from '@/lib/api-client';

export type SaveQuickMessageInput = {
  id?: number;
  body: QuickMessageCreateBody;
  /** The attachment change after the save: a file to upload, null to remove the current one, undefined for none. */
  media?: File | null;
};

/**
 * `POST /api/quick-messages` or `PUT /api/quick-messages/{id}`, then `POST` (multipart `file`,
 * `typeArch=quickMessage`) or `DELETE /api/quick-messages/{id}/media-upload` for the attachment.
 */
export async function saveQuickMessage({ id, body, media }: SaveQuickMessageInput): Promise<QuickMessage> {
  const saved = id
    ? await api.put(`/quick-messages/${id}`, body, { schema: quickMessageSchema })
    : await api.post('/quick-messages', body, { schema: quickMessageSchema });
  if (media) {
    const form = new FormData();
    form.append('typeArch', 'quickMessage');
    form.append('file', media);
    return api.post(`/quick-messages/${saved.id}/media-upload`, form, { schema: quickMessageSchema });
  }
  if (media === null && saved.isMedia) return api.delete(`/quick-messages/${saved.id}/media-upload`, { schema: quickMessageSchema });
  return saved;
}

export function useSaveQuickMessage() {
  const queryClient = useQueryClient();
  // The dialog shows its own error.
  return useMutation({
    mutationFn: saveQuickMessage,
    meta: { silent: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: quickMessagesQueryKey }),
  });
}
