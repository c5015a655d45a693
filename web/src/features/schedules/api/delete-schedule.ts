import { scheduleDeleteResponseSchema } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { schedulesQueryKey } from './get-schedules';

/** `DELETE /api/schedules/{id}`: its message and reminders are not sent. */
export function deleteSchedule(id: number): Promise<unknown> {
  return api.delete(`/schedules/${id}`, { schema: scheduleDeleteResponseSchema });
}

export function useDeleteSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSchedule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schedulesQueryKey }),
  });
}
