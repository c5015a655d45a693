import { type Queue, queueSchema } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { queuesQueryKey } from '@/api/get-queues';
import { api } from '@/lib/api-client';

/** `POST /api/queue/{id}/media-upload` (multipart `file`): the queue's media, replacing the previous one. */
export function uploadQueueMedia(id: number, file: File): Promise<Queue> {
  const form = new FormData();
  form.append('file', file);
  return api.post(`/queue/${id}/media-upload`, form, { schema: queueSchema });
}

/** `DELETE /api/queue/{id}/media-upload`: the queue keeps no media. */
export function deleteQueueMedia(id: number): Promise<Queue> {
  return api.delete(`/queue/${id}/media-upload`, { schema: queueSchema });
}

export type QueueMediaChange = { id: number; file: File | null };

/** A chosen file is uploaded; `null` removes the queue's media. */
export function changeQueueMedia({ id, file }: QueueMediaChange): Promise<Queue> {
  return file ? uploadQueueMedia(id, file) : deleteQueueMedia(id);
}

export function useChangeQueueMedia() {
  const queryClient = useQueryClient();
  // The queue modal shows its own error; the app's default would toast it a second time.
  return useMutation({
    mutationFn: changeQueueMedia,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queuesQueryKey }),
  });
}
