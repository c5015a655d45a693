import { type ScheduleBody, scheduleMediaResponseSchema, type ScheduleRecord, scheduleSchema } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { schedulesQueryKey } from './get-schedules';

export type SaveScheduleInput = {
  id?: number;
  body: ScheduleBody;
  /** The one attachment to upload after the save; null leaves it as it is. */
  file?: File | null;
  /** The saved attachment is removed. */
  removeMedia?: boolean;
};

/**
 * `POST /api/schedules` or `PUT /api/schedules/{id}`, then the attachment: `POST
 * /api/schedules/{id}/media-upload` (field file) or `DELETE /api/schedules/{id}/media-upload`.
 */
export async function saveSchedule({ id, body, file, removeMedia }: SaveScheduleInput): Promise<ScheduleRecord> {
  let saved = id
    ? await api.put(`/schedules/${id}`, body, { schema: scheduleSchema })
    : await api.post('/schedules', body, { schema: scheduleSchema });
  if (file) {
    const form = new FormData();
    form.append('file', file);
    saved = await api.post(`/schedules/${saved.id}/media-upload`, form, { schema: scheduleMediaResponseSchema });
  } else if (removeMedia && saved.mediaPath) {
    saved = await api.delete(`/schedules/${saved.id}/media-upload`, { schema: scheduleMediaResponseSchema });
  }
  return saved;
}

export function useSaveSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSchedule,
    onSettled: () => queryClient.invalidateQueries({ queryKey: schedulesQueryKey }),
  });
}
