import { agentListResponseSchema, type QueueIntegration } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { queueIntegrationsQueryOptions } from './get-queue-integrations';

/** What a queue can be bound to (spec 3, queues screen): the company's integrations and AI agents, when its plan has useIntegrations. */
export function useBindingChoices(enabled: boolean): { integrations: QueueIntegration[]; agents: { id: number; name: string }[] } {
  const integrations = useQuery({ ...queueIntegrationsQueryOptions(), enabled, meta: { silent: true }, retry: false });
  const agents = useQuery({
    queryKey: ['agents'],
    queryFn: () => api.get('/agents', { schema: agentListResponseSchema }),
    enabled,
    meta: { silent: true },
    retry: false,
  });
  return { integrations: integrations.data ?? [], agents: agents.data ?? [] };
}
