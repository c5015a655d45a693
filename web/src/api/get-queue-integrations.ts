import { type QueueIntegration, queueIntegrationPageSchema } from '@app/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { useSocketEvent } from '@/lib/socket';

/**
 * The company's chatbot integrations, under one cache key for every screen that lists them (the
 * Integrações tab, /queue-integration, the queues screen's binding selector).
 */
export const queueIntegrationsQueryKey = ['queueIntegrations'] as const;

/** `GET /api/queueIntegration?pageNumber=`: every page, by name (secrets masked). */
export async function getQueueIntegrations(): Promise<QueueIntegration[]> {
  const all: QueueIntegration[] = [];
  for (let pageNumber = 1; pageNumber <= 50; pageNumber++) {
    const page = await api.get('/queueIntegration', { schema: queueIntegrationPageSchema, query: { pageNumber } });
    all.push(...page.queueIntegrations);
    if (!page.hasMore) break;
  }
  return all;
}

export const queueIntegrationsQueryOptions = () => queryOptions({ queryKey: queueIntegrationsQueryKey, queryFn: getQueueIntegrations });

/** The integrations, refreshed by `company-{id}-queueIntegration` (create, update, delete). */
export function useQueueIntegrations(companyId: number, { silent = false }: { silent?: boolean } = {}) {
  const queryClient = useQueryClient();
  useSocketEvent(
    `company-${companyId}-queueIntegration`,
    () => void queryClient.invalidateQueries({ queryKey: queueIntegrationsQueryKey }),
  );
  return useQuery(silent ? { ...queueIntegrationsQueryOptions(), meta: { silent: true }, retry: false } : queueIntegrationsQueryOptions());
}
