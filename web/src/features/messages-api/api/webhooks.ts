import {
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  type WebhookEndpointCreateBody,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  type WebhookEndpointUpdateBody,
  webhookEndpointWithSecretSchema,
} from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export const webhooksQueryKey = ['webhooks'] as const;
const deliveriesQueryKey = (endpointId: number) => ['webhooks', 'deliveries', endpointId] as const;

/** `GET /api/webhooks` → {endpoints}: the company's endpoints with their last delivery, never their secrets. */
export function getWebhooksQueryOptions() {
  return queryOptions({
    queryKey: webhooksQueryKey,
    queryFn: () => api.get('/webhooks', { schema: webhookEndpointListSchema }),
  });
}

export function useWebhooks() {
  return useQuery(getWebhooksQueryOptions());
}

/** `GET /api/webhooks/deliveries?endpointId=` → the endpoint's newest deliveries (the first page). */
export function useWebhookDeliveries(endpointId: number | null) {
  return useQuery({
    queryKey: deliveriesQueryKey(endpointId ?? 0),
    queryFn: () => api.get(`/webhooks/deliveries?endpointId=${endpointId}`, { schema: webhookDeliveryListSchema }),
    enabled: endpointId !== null,
  });
}

/** `POST /api/webhooks` → the endpoint with its secret, shown this once. */
export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WebhookEndpointCreateBody) => api.post('/webhooks', body, { schema: webhookEndpointWithSecretSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}

/** `PUT /api/webhooks/{id}`. */
export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: WebhookEndpointUpdateBody }) =>
      api.put(`/webhooks/${id}`, body, { schema: webhookEndpointSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}

/** `POST /api/webhooks/{id}/rotate-secret`: a new secret (shown this once); the old one still signs beside it for 24 h. */
export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.post(`/webhooks/${id}/rotate-secret`, { overlapHours: 24 }, { schema: webhookEndpointWithSecretSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}

/** `DELETE /api/webhooks/{id}`: its queued deliveries go with it. */
export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/webhooks/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}

/** `POST /api/webhooks/deliveries/{id}/redeliver`: the same event, with the same webhook-id, queued now. */
export function useRedeliverWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post(`/webhooks/deliveries/${id}/redeliver`, undefined, { schema: webhookDeliverySchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}
