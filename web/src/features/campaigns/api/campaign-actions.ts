import { type Campaign, campaignActionResponseSchema } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { campaignsQueryKey } from './get-campaigns';

/** `POST /api/campaigns/{id}/cancel`: a running campaign stops (CANCELADA). */
export function cancelCampaign(id: number): Promise<Campaign> {
  return api.post(`/campaigns/${id}/cancel`, undefined, { schema: campaignActionResponseSchema });
}

/** `POST /api/campaigns/{id}/restart`: a cancelled campaign runs again (EM_ANDAMENTO), sending what was not sent. */
export function restartCampaign(id: number): Promise<Campaign> {
  return api.post(`/campaigns/${id}/restart`, undefined, { schema: campaignActionResponseSchema });
}

function useCampaignAction(action: (id: number) => Promise<Campaign>) {
  const queryClient = useQueryClient();
  // Spec 2 section 8: a failure shows the server's message, which the page puts in a toast itself.
  return useMutation({
    mutationFn: action,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignsQueryKey }),
  });
}

export const useCancelCampaign = () => useCampaignAction(cancelCampaign);
export const useRestartCampaign = () => useCampaignAction(restartCampaign);
