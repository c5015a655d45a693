import {
  type Queue,
  type QueueIntegration,
  type QueueIntegrationCreateBody,
  queueIntegrationSchema,
  type QueueIntegrationTestSessionBody,
  queueIntegrationTestSessionResponseSchema,
  type QueueIntegrationUpdateBody,
  queueSchema,
} from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

import { queueIntegrationsQueryKey } from '@/api/get-queue-integrations';
import { getQueues, queuesQueryKey } from '@/api/get-queues';
import { api } from '@/lib/api-client';

import { autoQueueColour } from '../utils/integration-form';

/** What creating an integration did: the integration, and its queue or why it could not be made (decision 0043). */
export type IntegrationCreated = { integration: QueueIntegration; queue: Queue } | { integration: QueueIntegration; queueError: unknown };

/** `POST /api/queueIntegration`, then its queue with `POST /api/queue` (colour by id modulo 6, empty greeting), as agents do. */
export async function createIntegrationWithQueue(body: QueueIntegrationCreateBody): Promise<IntegrationCreated> {
  const integration = await api.post('/queueIntegration', body, { schema: queueIntegrationSchema });
  try {
    const queue = await api.post(
      '/queue',
      {
        name: integration.name,
        color: autoQueueColour(integration.id),
        greetingMessage: '',
        orderQueue: null,
        integrationId: integration.id,
      },
      { schema: queueSchema },
    );
    return { integration, queue };
  } catch (queueError) {
    return { integration, queueError };
  }
}

/** Deletes the integration's queues first, then the integration; answers how many queues went with it. */
export async function deleteIntegrationWithQueues(integrationId: number): Promise<number> {
  const queues = (await getQueues()).filter((queue) => queue.integrationId === integrationId);
  for (const queue of queues) await api.delete(`/queue/${queue.id}`, { schema: z.unknown() });
  await api.delete(`/queueIntegration/${integrationId}`, { schema: z.object({ message: z.string() }) });
  return queues.length;
}

export const updateIntegration = ({ id, body }: { id: number; body: QueueIntegrationUpdateBody }) =>
  api.put(`/queueIntegration/${id}`, body, { schema: queueIntegrationSchema });

/** `POST /api/queueIntegration/testSession` → {success, error, message}. */
export const testIntegrationSession = (body: QueueIntegrationTestSessionBody) =>
  api.post('/queueIntegration/testSession', body, { schema: queueIntegrationTestSessionResponseSchema });

function useIntegrationMutation<TInput, TOutput>(mutationFn: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { silent: true },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queueIntegrationsQueryKey }),
        queryClient.invalidateQueries({ queryKey: queuesQueryKey }),
      ]),
  });
}

export const useCreateIntegration = () => useIntegrationMutation(createIntegrationWithQueue);
export const useUpdateIntegration = () => useIntegrationMutation(updateIntegration);
export const useDeleteIntegration = () => useIntegrationMutation(deleteIntegrationWithQueues);
