import { connectionListResponseSchema, queueListResponseSchema } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import type { ConnectionOption, QueueOption } from '../types';

/** `GET /api/queue`: the company's queues for the user modal. */
export function getQueueOptions(): Promise<QueueOption[]> {
  return api.get('/queue', { schema: queueListResponseSchema });
}

/** `GET /api/whatsapp`: the company's connections for the user modal. */
export function getConnectionOptions(): Promise<ConnectionOption[]> {
  return api.get('/whatsapp', { schema: connectionListResponseSchema });
}

/** Optional data: where the service does not answer (yet), the modal offers no choices. */
export function useQueueOptions(enabled: boolean) {
  return useQuery(
    queryOptions({ queryKey: ['queues', 'options'], queryFn: getQueueOptions, enabled, retry: false, meta: { silent: true } }),
  );
}

export function useConnectionOptions(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: ['whatsapp', 'options'],
      queryFn: getConnectionOptions,
      enabled,
      retry: false,
      meta: { silent: true },
    }),
  );
}
