import { queueSchema } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { queuesQueryKey } from '@/api/get-queues';
import { api } from '@/lib/api-client';

import type { Queue, QueueCreateBody } from '../types';

export type SaveQueueInput = { id?: number; body: QueueCreateBody };

/** `POST /api/queue` or `PUT /api/queue/{id}`: name and colour unique, count within the plan. */
export function saveQueue({ id, body }: SaveQueueInput): Promise<Queue> {
  return id ? api.put(`/queue/${id}`, body, { schema: queueSchema }) : api.post('/queue', body, { schema: queueSchema });
}

export function useSaveQueue() {
  const queryClient = useQueryClient();
  // The page shows its own error; the app's default would toast it a second time.
  return useMutation({
    mutationFn: saveQueue,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queuesQueryKey }),
  });
}
