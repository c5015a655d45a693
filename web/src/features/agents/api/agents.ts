import {
  type Agent,
  type AgentCreateBody,
  agentListResponseSchema,
  agentPreviewResponseSchema,
  agentSchema,
  type AgentTestConnectionBody,
  agentTestConnectionResponseSchema,
  type AgentUpdateBody,
  type Queue,
  queueSchema,
} from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

import { getQueues, queuesQueryKey } from '@/api/get-queues';
import { api } from '@/lib/api-client';
import { useSocketEvent } from '@/lib/socket';

import { autoQueueColour } from '../utils/agent-queue';

export const agentsQueryKey = ['agents'] as const;

/** `GET /api/agents`: the company's agents (keys masked). */
export function useAgents(companyId: number) {
  const queryClient = useQueryClient();
  useSocketEvent(`company-${companyId}-agent`, () => void queryClient.invalidateQueries({ queryKey: agentsQueryKey }));
  return useQuery({ queryKey: agentsQueryKey, queryFn: () => api.get('/agents', { schema: agentListResponseSchema }) });
}

/** What creating an agent did: the agent, and the queue or why it could not be made (decision 0043). */
export type AgentCreated = { agent: Agent; queue: Queue } | { agent: Agent; queueError: unknown };

/** `POST /api/agents`, then its queue with `POST /api/queue` (colour by id modulo 6, empty greeting). */
export async function createAgentWithQueue(body: AgentCreateBody): Promise<AgentCreated> {
  const agent = await api.post('/agents', body, { schema: agentSchema });
  try {
    const queue = await api.post(
      '/queue',
      { name: agent.name, color: autoQueueColour(agent.id), greetingMessage: '', orderQueue: null, agentId: agent.id },
      { schema: queueSchema },
    );
    return { agent, queue };
  } catch (queueError) {
    return { agent, queueError };
  }
}

/** Deletes the agent's queues first, then the agent; answers how many queues went with it. */
export async function deleteAgentWithQueues(agentId: number): Promise<number> {
  const queues = (await getQueues()).filter((queue) => queue.agentId === agentId);
  for (const queue of queues) await api.delete(`/queue/${queue.id}`, { schema: z.unknown() });
  await api.delete(`/agents/${agentId}`, { schema: z.object({ message: z.string() }) });
  return queues.length;
}

function useAgentMutation<TInput, TOutput>(mutationFn: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: agentsQueryKey }),
        queryClient.invalidateQueries({ queryKey: queuesQueryKey }),
      ]),
  });
}

export const useCreateAgent = () => useAgentMutation(createAgentWithQueue);
export const useDeleteAgent = () => useAgentMutation(deleteAgentWithQueues);
export const useUpdateAgent = () =>
  useAgentMutation(({ id, body }: { id: number; body: AgentUpdateBody }) => api.put(`/agents/${id}`, body, { schema: agentSchema }));

/** `POST /api/agents/test-connection` → {success, error, message}. */
export const testAgentConnection = (body: AgentTestConnectionBody) =>
  api.post('/agents/test-connection', body, { schema: agentTestConnectionResponseSchema });

/** `POST /api/agents/preview` → {prompt}. */
export const previewAgentPrompt = (body: object) => api.post('/agents/preview', body, { schema: agentPreviewResponseSchema });
