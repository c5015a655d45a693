import { type SchedulePageResponse, schedulePageResponseSchema } from '@app/contracts';
import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** Every appointments query starts with this key: a save, a delete or a live event refreshes them all. */
export const schedulesQueryKey = ['schedules'] as const;

export type ScheduleRange = {
  /** ISO instants: the calendar's visible range (or a print period). */
  startDate: string;
  endDate: string;
  /** One calendar's appointments; absent: all of them. */
  calendarId?: number | null;
};

/** `GET /api/schedules/?startDate=&endDate=&calendarId=` → every appointment of the range, by sendAt. */
export function getSchedulesInRange({ startDate, endDate, calendarId }: ScheduleRange): Promise<SchedulePageResponse> {
  return api.get('/schedules/', {
    query: { startDate, endDate, calendarId: calendarId ?? undefined },
    schema: schedulePageResponseSchema,
  });
}

export function getSchedulesInRangeQueryOptions(range: ScheduleRange) {
  return queryOptions({
    queryKey: [...schedulesQueryKey, 'range', range],
    queryFn: () => getSchedulesInRange(range),
    // The calendar keeps its events on screen while the next range loads.
    placeholderData: keepPreviousData,
  });
}

export function useSchedulesInRange(range: ScheduleRange | null) {
  return useQuery({ ...getSchedulesInRangeQueryOptions(range ?? { startDate: '', endDate: '' }), enabled: range !== null });
}

/** `GET /api/schedules/?searchParam=&pageNumber=&calendarId=` → {schedules, count, hasMore}: the table view, newest first. */
export function getSchedulesPage(searchParam: string, pageNumber: number, calendarId?: number | null): Promise<SchedulePageResponse> {
  return api.get('/schedules/', {
    query: { searchParam, pageNumber, calendarId: calendarId ?? undefined },
    schema: schedulePageResponseSchema,
  });
}

export function getSchedulesPagesQueryOptions(searchParam: string, calendarId?: number | null) {
  return infiniteQueryOptions({
    queryKey: [...schedulesQueryKey, 'pages', { searchParam, calendarId: calendarId ?? null }],
    queryFn: ({ pageParam }) => getSchedulesPage(searchParam, pageParam, calendarId),
    initialPageParam: 1,
    getNextPageParam: (lastPage, allPages) => (lastPage.hasMore ? allPages.length + 1 : undefined),
  });
}

export function useSchedulesPages(searchParam: string, calendarId?: number | null) {
  return useInfiniteQuery(getSchedulesPagesQueryOptions(searchParam, calendarId));
}
