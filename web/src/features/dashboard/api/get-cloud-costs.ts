import { cloudCostsSchema, connectionListResponseSchema } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** `GET /api/whatsapp/`: whether the company has a WhatsApp Cloud API connection, whose conversations Meta bills. */
export function useHasCloudConnection() {
  return useQuery({
    queryKey: ['dashboard', 'connections'] as const,
    queryFn: () => api.get('/whatsapp/', { schema: connectionListResponseSchema }),
    select: (connections) => connections.some((connection) => connection.provider === 'cloud'),
  });
}

/** `GET /api/whatsapp-cloud/costs?month=YYYY-MM` (admins): the conversations Meta billed in a month, by category. */
export function useCloudCosts(month: string, enabled: boolean) {
  return useQuery({
    queryKey: ['dashboard', 'cloud-costs', month] as const,
    queryFn: () => api.get(`/whatsapp-cloud/costs?month=${encodeURIComponent(month)}`, { schema: cloudCostsSchema }),
    enabled,
  });
}
