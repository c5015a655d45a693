import { type ApiTokenCreateBody, apiTokenCreatedSchema, apiTokenListSchema } from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export const apiTokensQueryKey = ['api-tokens'] as const;

/** `GET /api/api-tokens` → {tokens}: the company's live tokens, without their secrets. */
export function getApiTokensQueryOptions() {
  return queryOptions({
    queryKey: apiTokensQueryKey,
    queryFn: () => api.get('/api-tokens', { schema: apiTokenListSchema }),
  });
}

export function useApiTokens() {
  return useQuery(getApiTokensQueryOptions());
}

/** `POST /api/api-tokens` → the token, shown this once. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiTokenCreateBody) => api.post('/api-tokens', body, { schema: apiTokenCreatedSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}

/** `DELETE /api/api-tokens/{id}`: the token stops at its next request. */
export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api-tokens/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}
