import { type DashboardQuery, type DashboardResponse, dashboardResponseSchema } from '@app/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export const dashboardQueryKey = ['dashboard'] as const;

/** `GET /api/dashboard?dateFrom=&dateTo=&queueId=&userId=` (admins). */
export function getDashboard(query: DashboardQuery): Promise<DashboardResponse> {
  return api.get('/dashboard', {
    query: {
      dateFrom: query.dateFrom,
      dateTo: query.dateTo,
      ...(query.queueId !== undefined ? { queueId: query.queueId } : {}),
      ...(query.userId !== undefined ? { userId: query.userId } : {}),
    },
    schema: dashboardResponseSchema,
  });
}

export function dashboardQueryOptions(query: DashboardQuery) {
  return queryOptions({
    queryKey: [...dashboardQueryKey, query],
    queryFn: () => getDashboard(query),
    // A new filter keeps the figures on screen until the new ones arrive; they refresh every minute.
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}

export function useDashboard(query: DashboardQuery) {
  return useQuery(dashboardQueryOptions(query));
}
