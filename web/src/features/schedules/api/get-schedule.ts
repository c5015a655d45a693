import { type ScheduleRecord, scheduleSchema } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { schedulesQueryKey } from './get-schedules';

/** One appointment's key: under the appointments' key, so a save, a delete or a live event refreshes it too. */
export const scheduleQueryKey = (id: number) => [...schedulesQueryKey, 'one', id] as const;

/** `GET /api/schedules/{id}` → the appointment, with its send state and each reminder's. */
export function getSchedule(id: number): Promise<ScheduleRecord> {
  return api.get(`/schedules/${id}`, { schema: scheduleSchema });
}

export function getScheduleQueryOptions(id: number) {
  return queryOptions({ queryKey: scheduleQueryKey(id), queryFn: () => getSchedule(id) });
}

/**
 * The appointment an open dialog shows, kept current by the live events (its status, sentAt and
 * reminders change while it is open); it starts from the copy the calendar or the table had.
 */
export function useSchedule(initial: ScheduleRecord | null) {
  return useQuery({
    ...getScheduleQueryOptions(initial?.id ?? 0),
    enabled: initial !== null,
    initialData: initial ?? undefined,
    meta: { silent: true },
  });
}
