import { campaignSettingsOf, campaignSettingsResponseSchema } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { campaignsQueryKey } from './get-campaigns';

/** The variables every message may use: the contact's name, number and email (spec 2 section 2). */
export const CAMPAIGN_CONTACT_VARIABLES = ['nome', 'numero', 'email'] as const;

/** `GET /api/campaign-settings` → the custom variables' keys, after the contact's own ({nome}, {numero}, {email}). */
export async function getCampaignVariables(): Promise<string[]> {
  const settings = campaignSettingsOf(await api.get('/campaign-settings', { schema: campaignSettingsResponseSchema }));
  const custom = settings.variables
    .map((variable) => variable.key)
    .filter((key) => !(CAMPAIGN_CONTACT_VARIABLES as readonly string[]).includes(key));
  return [...CAMPAIGN_CONTACT_VARIABLES, ...custom];
}

export function useCampaignVariables() {
  return useQuery(
    queryOptions({
      queryKey: [...campaignsQueryKey, 'variables'],
      queryFn: getCampaignVariables,
      meta: { silent: true },
      staleTime: 30_000,
    }),
  );
}
