import { type CloudTemplate, cloudTemplateListSchema } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { campaignsQueryKey } from './get-campaigns';

/** `GET /api/whatsapp/{id}/cloud/templates`: a Cloud API number's approved templates, for a campaign (none asked without a connection). */
export function useCampaignTemplates(connectionId: number | null) {
  return useQuery({
    queryKey: [...campaignsQueryKey, 'cloud-templates', connectionId] as const,
    queryFn: (): Promise<CloudTemplate[]> => api.get(`/whatsapp/${connectionId}/cloud/templates`, { schema: cloudTemplateListSchema }),
    select: (templates) => templates.filter((template) => template.status === 'APPROVED'),
    enabled: connectionId !== null,
    staleTime: 5 * 60_000,
  });
}
