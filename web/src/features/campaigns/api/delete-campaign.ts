import { campaignDeleteResponseSchema } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { campaignsQueryKey } from './get-campaigns';

/** `DELETE /api/campaigns/{id}`. */
export function deleteCampaign(id: number): Promise<unknown> {
  return api.delete(`/campaigns/${id}`, { schema: campaignDeleteResponseSchema });
}

export function useDeleteCampaign() {
  const queryClient = useQueryClient();
  // The page shows the server's message itself.
  return useMutation({
    mutationFn: deleteCampaign,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignsQueryKey }),
  });
}
