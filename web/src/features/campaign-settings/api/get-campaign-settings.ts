import { type CampaignSettings, campaignSettingsOf, campaignSettingsResponseSchema } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export const campaignSettingsQueryKey = ['campaign-settings'] as const;

/** `GET /api/campaign-settings` → the key/value records, read into the settings (defaults where none is saved). */
export async function getCampaignSettings(): Promise<CampaignSettings> {
  return campaignSettingsOf(await api.get('/campaign-settings', { schema: campaignSettingsResponseSchema }));
}

export function getCampaignSettingsQueryOptions() {
  return queryOptions({ queryKey: campaignSettingsQueryKey, queryFn: getCampaignSettings });
}

export function useCampaignSettings() {
  return useQuery(getCampaignSettingsQueryOptions());
}
