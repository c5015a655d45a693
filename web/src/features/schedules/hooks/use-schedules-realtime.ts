import { companySocketEvent, type ScheduleSocketPayload } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';

import { useSocketEvent } from '@/lib/socket';

import { calendarsQueryKey } from '../api/calendars';
import { schedulesQueryKey } from '../api/get-schedules';
import { scheduleBlocksQueryKey } from '../api/schedule-blocks';
import { scheduleSettingsQueryKey } from '../api/schedule-settings';

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
 * The schedules screen follows `company-{id}-schedule` (spec 2: schedule events with action create,
 * update, delete or reload): an appointment booked, sent or removed anywhere, or calendars, blocks or
 * settings changed, refreshes the calendar, the table and the statistics.
 */
export function useSchedulesRealtime(companyId: number | null | undefined) {
  const queryClient = useQueryClient();
  useSocketEvent(companyId == null ? null : companySocketEvent(companyId, 'schedule'), (payload) => {
    for (const queryKey of queryKeysFor(payload)) void queryClient.invalidateQueries({ queryKey });
  });
}
