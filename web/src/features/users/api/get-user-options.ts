import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ConnectionOption, QueueOption } from '../types';

function asList<T>(body: unknown, key: string): T[] {
  if (Array.isArray(body)) return body as T[];
  const nested = body && typeof body === 'object' ? (body as Record<string, unknown>)[key] : undefined;
  return Array.isArray(nested) ? (nested as T[]) : [];
}

/** `GET /api/queue`: the company's queues for the user modal. */
export async function getQueueOptions(): Promise<QueueOption[]> {
  return asList<QueueOption>(await api.get<unknown>('/queue'), 'queues');
}

/** `GET /api/whatsapp`: the company's connections for the user modal. */
export async function getConnectionOptions(): Promise<ConnectionOption[]> {
  return asList<ConnectionOption>(await api.get<unknown>('/whatsapp'), 'whatsapps');
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
