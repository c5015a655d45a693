import { type CampaignSettings, campaignSettingsOf, campaignSettingsResponseSchema } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { campaignSettingsQueryKey } from './get-campaign-settings';

/** `POST /api/campaign-settings` {settings}: the intervals and the variables (admins). */
export async function saveCampaignSettings(settings: CampaignSettings): Promise<CampaignSettings> {
  return campaignSettingsOf(await api.post('/campaign-settings', { settings }, { schema: campaignSettingsResponseSchema }));
}

export function useSaveCampaignSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCampaignSettings,
    onSuccess: (saved) => queryClient.setQueryData(campaignSettingsQueryKey, saved),
  });
}
