import { type CampaignPageResponse, campaignPageResponseSchema } from '@app/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** Every campaign query of this feature starts with this key: a save, an action or a campaign event refreshes them. */
export const campaignsQueryKey = ['campaigns'] as const;
export const campaignPagesQueryKey = [...campaignsQueryKey, 'page'] as const;

/** `GET /api/campaigns/?searchParam=&pageNumber=` → {records, count, hasMore}. */
export function getCampaigns(searchParam: string, pageNumber: number): Promise<CampaignPageResponse> {
  return api.get('/campaigns/', { query: { searchParam, pageNumber }, schema: campaignPageResponseSchema });
}

export function getCampaignsQueryOptions(searchParam: string) {
  return infiniteQueryOptions({
    queryKey: [...campaignPagesQueryKey, { searchParam }],
    queryFn: ({ pageParam }) => getCampaigns(searchParam, pageParam),
    initialPageParam: 1,
    getNextPageParam: (lastPage, allPages) => (lastPage.hasMore ? allPages.length + 1 : undefined),
  });
}

export function useCampaigns(searchParam: string) {
  return useInfiniteQuery(getCampaignsQueryOptions(searchParam));
}
