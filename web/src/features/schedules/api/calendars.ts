import {
  type CalendarBody,
  calendarDeleteResponseSchema,
  calendarListResponseSchema,
  type CalendarRecord,
  calendarSchema,
} from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { schedulesQueryKey } from './get-schedules';

export const calendarsQueryKey = ['calendars'] as const;

/** `GET /api/calendars` → {calendars}: the default first. */
export function getCalendars(): Promise<CalendarRecord[]> {
  return api.get('/calendars', { schema: calendarListResponseSchema }).then((answer) => answer.calendars);
}

export function getCalendarsQueryOptions() {
  return queryOptions({ queryKey: calendarsQueryKey, queryFn: getCalendars });
}

export function useCalendars() {
  return useQuery(getCalendarsQueryOptions());
}

export type SaveCalendarInput = { id?: number; body: CalendarBody };

/** `POST /api/calendars` or `PUT /api/calendars/{id}` {name, description, color, isDefault, isActive}. */
export function saveCalendar({ id, body }: SaveCalendarInput): Promise<CalendarRecord> {
  return id ? api.put(`/calendars/${id}`, body, { schema: calendarSchema }) : api.post('/calendars', body, { schema: calendarSchema });
}

/** `DELETE /api/calendars/{id}`: its appointments move to the default calendar; the default one is refused. */
export function deleteCalendar(id: number): Promise<unknown> {
  return api.delete(`/calendars/${id}`, { schema: calendarDeleteResponseSchema });
}

function useInvalidateCalendars() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: calendarsQueryKey }),
      queryClient.invalidateQueries({ queryKey: schedulesQueryKey }),
    ]);
}

export function useSaveCalendar() {
  const invalidate = useInvalidateCalendars();
  return useMutation({ mutationFn: saveCalendar, onSuccess: invalidate });
}

export function useDeleteCalendar() {
  const invalidate = useInvalidateCalendars();
  return useMutation({ mutationFn: deleteCalendar, onSuccess: invalidate });
}
