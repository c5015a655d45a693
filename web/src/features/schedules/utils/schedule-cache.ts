import type { SchedulePageResponse, ScheduleRecord } from '@app/contracts';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';

import { reloadIfLoading } from '@/lib/react-query';

import { schedulesQueryKey } from '../api/get-schedules';

type CachedSchedules = SchedulePageResponse | InfiniteData<SchedulePageResponse> | ScheduleRecord;

/** What a send changes: the appointment's status, sentAt and reason, and its reminders' state. */
const SEND_STATE = new Set<string>(['status', 'sentAt', 'errorReason', 'reminders', 'updatedAt']);

/** Whether two copies of an appointment differ only in their send state (it stays in every list it was in). */
export function onlySendStateChanged(before: ScheduleRecord, after: ScheduleRecord): boolean {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const key of keys) {
    if (SEND_STATE.has(key)) continue;
    const field = key as keyof ScheduleRecord;
    if (JSON.stringify(before[field]) !== JSON.stringify(after[field])) return false;
  }
  return true;
}

const isPages = (data: CachedSchedules): data is InfiniteData<SchedulePageResponse> => 'pages' in data;
const isPage = (data: CachedSchedules): data is SchedulePageResponse => 'schedules' in data;

/**
 * Puts an appointment as a live event gives it into every cached copy: the calendar's ranges, the
 * table's pages and the open dialog's. Answers whether that was enough: true when it was found and
 * only its send state changed (a message or reminder sent or failed keeps it in every list); false
 * when the lists must load again (it moved, changed otherwise, or none of them had it).
 */
export function putSchedule(queryClient: QueryClient, schedule: ScheduleRecord): boolean {
  let found = false;
  let kept = true;
  const replace = (record: ScheduleRecord) => {
    if (record.id !== schedule.id) return record;
    found = true;
    if (!onlySendStateChanged(record, schedule)) kept = false;
    return schedule;
  };
  for (const [key, data] of queryClient.getQueriesData<CachedSchedules>({ queryKey: schedulesQueryKey })) {
    reloadIfLoading(queryClient, key);
    if (!data) continue;
    const next: CachedSchedules = isPages(data)
      ? { ...data, pages: data.pages.map((page) => ({ ...page, schedules: page.schedules.map(replace) })) }
      : isPage(data)
        ? { ...data, schedules: data.schedules.map(replace) }
        : replace(data);
    queryClient.setQueryData<CachedSchedules>(key, next);
  }
  return found && kept;
}
