import { type Campaign, type CampaignPageResponse, companySocketEvent } from '@app/contracts';
import { type InfiniteData, useQueryClient } from '@tanstack/react-query';

import { useSocketEvent } from '@/lib/socket';

import { campaignPagesQueryKey, campaignsQueryKey } from '../api/get-campaigns';

type Pages = InfiniteData<CampaignPageResponse, number>;

function replaceRecord(pages: Pages | undefined, record: Campaign): Pages | undefined {
  if (!pages) return pages;
  return {
    ...pages,
    pages: pages.pages.map((page) => ({ ...page, records: page.records.map((item) => (item.id === record.id ? record : item)) })),
  };
}

function replaceStatus(
  pages: Pages | undefined,
  campaignId: number,
  status: Campaign['status'],
  completedAt: string | null,
): Pages | undefined {
  if (!pages) return pages;
  return {
    ...pages,
    pages: pages.pages.map((page) => ({
      ...page,
      records: page.records.map((item) => (item.id === campaignId && item.status !== status ? { ...item, status, completedAt } : item)),
    })),
  };
}

/**
 * The campaigns list follows `company-{id}-campaign` (spec 2 section 7): a changed campaign replaces
 * its row in place, a progress update its status; a created or deleted one reloads the pages (its
 * place depends on the search and the order).
 */
export function useCampaignsRealtime(companyId: number | null | undefined) {
  const queryClient = useQueryClient();
  useSocketEvent(companyId == null ? null : companySocketEvent(companyId, 'campaign'), (payload) => {
    if (payload.action === 'update') {
      queryClient.setQueriesData<Pages>({ queryKey: campaignPagesQueryKey }, (pages) => replaceRecord(pages, payload.record));
      return;
    }
    if (payload.action === 'progress') {
      const { campaignId, status, completedAt } = payload.progress;
      queryClient.setQueriesData<Pages>({ queryKey: campaignPagesQueryKey }, (pages) =>
        replaceStatus(pages, campaignId, status, completedAt),
      );
      return;
    }
    void queryClient.invalidateQueries({ queryKey: campaignsQueryKey });
  });
}
