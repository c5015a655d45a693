import { campaignSettingsOf, campaignSettingsResponseSchema, CONTACT_MESSAGE_VARIABLES } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { campaignsQueryKey } from './get-campaigns';

/** `GET /api/campaign-settings` → the custom variables' keys, after the contact's own ({{nome}}, {{primeiroNome}}, {{numero}}, {{email}}). */
export async function getCampaignVariables(): Promise<string[]> {
  const settings = campaignSettingsOf(await api.get('/campaign-settings', { schema: campaignSettingsResponseSchema }));
  const custom = settings.variables
    .map((variable) => variable.key)
    .filter((key) => !(CONTACT_MESSAGE_VARIABLES as readonly string[]).includes(key));
  return [...CONTACT_MESSAGE_VARIABLES, ...custom];
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
