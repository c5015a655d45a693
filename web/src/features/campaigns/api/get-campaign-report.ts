import { type CampaignReport, campaignReportSchema } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { campaignsQueryKey } from './get-campaigns';

export const campaignReportQueryKey = (campaignId: number) => [...campaignsQueryKey, 'report', campaignId] as const;

/** `GET /api/campaigns/{id}/report`: the figures, the failures by reason, the series over time and each connection's state. */
export function getCampaignReport(campaignId: number): Promise<CampaignReport> {
  return api.get(`/campaigns/${campaignId}/report`, { schema: campaignReportSchema });
}

export function getCampaignReportQueryOptions(campaignId: number) {
  return queryOptions({ queryKey: campaignReportQueryKey(campaignId), queryFn: () => getCampaignReport(campaignId) });
}

export function useCampaignReport(campaignId: number) {
  return useQuery(getCampaignReportQueryOptions(campaignId));
}
