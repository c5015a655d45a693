import { announcementPageResponseSchema } from '@app/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import type { AnnouncementPageResponse } from '../types';

export const announcementsQueryKey = ['announcements'] as const;

/** `GET /api/announcements?searchParam=&pageNumber=`: all for super users, the active ones for others. */
export function getAnnouncements(searchParam: string, pageNumber: number): Promise<AnnouncementPageResponse> {
  return api.get('/announcements', { schema: announcementPageResponseSchema, query: { searchParam, pageNumber } });
}

export function getAnnouncementsQueryOptions(searchParam: string) {
  return infiniteQueryOptions({
    queryKey: [...announcementsQueryKey, 'list', { searchParam }],
    queryFn: ({ pageParam }) => getAnnouncements(searchParam, pageParam),
    initialPageParam: 1,
    getNextPageParam: (lastPage, allPages) => (lastPage.hasMore ? allPages.length + 1 : undefined),
  });
}

export function useAnnouncements(searchParam: string, options: { silent?: boolean } = {}) {
  return useInfiniteQuery({
    ...getAnnouncementsQueryOptions(searchParam),
    meta: options.silent ? { silent: true } : { errorKey: 'common.loadListError' },
  });
}
