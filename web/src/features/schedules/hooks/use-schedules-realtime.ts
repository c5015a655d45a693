import { companySocketEvent, type ScheduleSocketPayload, scheduleSocketPayloadSchema } from '@app/contracts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';

import { useSocketEvent } from '@/lib/socket';

import { calendarsQueryKey } from '../api/calendars';
import { schedulesQueryKey } from '../api/get-schedules';
import { scheduleBlocksQueryKey } from '../api/schedule-blocks';
import { scheduleSettingsQueryKey } from '../api/schedule-settings';
import { putSchedule } from '../utils/schedule-cache';

/** What a `company-{id}-schedule` event refreshes: appointments on create, update and delete; the scope's data on reload. */
export function queryKeysFor(payload: ScheduleSocketPayload): (readonly string[])[] {
  if (payload.action !== 'reload') return [schedulesQueryKey];
  switch (payload.scope) {
    case 'schedules':
      return [schedulesQueryKey];
    case 'calendars':
      return [calendarsQueryKey, schedulesQueryKey];
    case 'blocks':
      return [scheduleBlocksQueryKey];
    case 'settings':
      return [scheduleSettingsQueryKey];
  }
}

/**
 * An event into the cache: an update is put into every cached copy at once (the calendar, the table,
 * the open dialog); when only its send state changed (the message or a reminder sent or failed) that
 * is all, otherwise the appointments load again, as they do on create, delete and reload.
 */
export function applyScheduleEvent(queryClient: QueryClient, payload: ScheduleSocketPayload): void {
  if (payload.action === 'update' && putSchedule(queryClient, payload.schedule)) return;
  for (const queryKey of queryKeysFor(payload)) void queryClient.invalidateQueries({ queryKey });
}

/**
 * The schedules screen follows `company-{id}-schedule` (spec 2: schedule events with action create,
 * update, delete or reload): an appointment booked, sent (its message or a reminder) or removed
 * anywhere, or calendars, blocks or settings changed, updates the calendar, the table, the statistics
 * and the open dialog. A payload of another shape reloads the appointments.
 */
export function useSchedulesRealtime(companyId: number | null | undefined) {
  const queryClient = useQueryClient();
  useSocketEvent(companyId == null ? null : companySocketEvent(companyId, 'schedule'), (payload) => {
    const parsed = scheduleSocketPayloadSchema.safeParse(payload);
    if (parsed.success) applyScheduleEvent(queryClient, parsed.data);
    else {
      console.warn('[schedules] unexpected socket payload', payload);
      void queryClient.invalidateQueries({ queryKey: schedulesQueryKey });
    }
  });
}
