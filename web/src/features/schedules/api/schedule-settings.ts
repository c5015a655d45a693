import { type ScheduleSettingsBody, type ScheduleSettingsRecord, scheduleSettingsSchema } from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export const scheduleSettingsQueryKey = ['schedule-settings'] as const;

const settingsPath = (calendarId?: number | null) => (calendarId ? `/calendars/${calendarId}/schedule-settings` : '/schedule-settings');

/** `GET /api/schedule-settings` (the company's) or `GET /api/calendars/{id}/schedule-settings` (one calendar's). */
export function getScheduleSettings(calendarId?: number | null): Promise<ScheduleSettingsRecord> {
  return api.get(settingsPath(calendarId), { schema: scheduleSettingsSchema });
}

export function getScheduleSettingsQueryOptions(calendarId?: number | null) {
  return queryOptions({
    queryKey: [...scheduleSettingsQueryKey, calendarId ?? null],
    queryFn: () => getScheduleSettings(calendarId),
  });
}

export function useScheduleSettings(calendarId?: number | null) {
  return useQuery(getScheduleSettingsQueryOptions(calendarId));
}

export type SaveSettingsInput = { calendarId?: number | null; body: ScheduleSettingsBody };

/** `POST` to the same path with the settings and timeSlots. */
export function saveScheduleSettings({ calendarId, body }: SaveSettingsInput): Promise<ScheduleSettingsRecord> {
  return api.post(settingsPath(calendarId), body, { schema: scheduleSettingsSchema });
}

export function useSaveScheduleSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveScheduleSettings,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduleSettingsQueryKey }),
  });
}
