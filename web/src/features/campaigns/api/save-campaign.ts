import { type Campaign, campaignActionResponseSchema, type CampaignBody, campaignSchema } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { campaignsQueryKey } from './get-campaigns';

export type SaveCampaignInput = {
  id?: number;
  body: CampaignBody;
  /** The attachment change after the save: a file to upload, null to remove the current one, undefined for none. */
  media?: File | null;
  /** Called once the campaign itself is saved, before its attachment goes: a failed upload leaves a saved campaign to retry on. */
  onSaved?: (saved: Campaign) => void;
};

/**
 * `POST /api/campaigns` or `PUT /api/campaigns/{id}` with the campaign's fields, then its one
 * attachment: `POST /api/campaigns/{id}/media-upload` (multipart `file`) or `DELETE` to remove it.
 */
export async function saveCampaign({ id, body, media, onSaved }: SaveCampaignInput): Promise<Campaign> {
  const saved = id
    ? await api.put(`/campaigns/${id}`, body, { schema: campaignSchema })
    : await api.post('/campaigns', body, { schema: campaignSchema });
  onSaved?.(saved);
  if (media) {
    const form = new FormData();
    form.append('file', media, media.name);
    return api.post(`/campaigns/${saved.id}/media-upload`, form, { schema: campaignActionResponseSchema });
  }
  if (media === null && saved.mediaPath) {
    return api.delete(`/campaigns/${saved.id}/media-upload`, { schema: campaignActionResponseSchema });
  }
  return saved;
}

export function useSaveCampaign() {
  const queryClient = useQueryClient();
  // The dialog shows its own error.
  return useMutation({
    mutationFn: saveCampaign,
    meta: { silent: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: campaignsQueryKey }),
  });
}
