import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { API_BASE_URL } from '@/lib/api-client';

/**
 * The backend's liveness answer (`GET /health`, docs/running.md): 'degraded' while a dependency it
 * needs (its PostgreSQL, Kafka) is away; it keeps what it accepts and delivers it on their return, late.
 */
const healthAnswerSchema = z.object({ status: z.enum(['ok', 'degraded']) });

export type BackendHealth = 'ok' | 'degraded' | 'unknown';

/** Asked every 30 s, every 5 s while degraded, so the banner goes soon after the recovery. */
export const HEALTH_POLL_MS = 30_000;
export const DEGRADED_POLL_MS = 5_000;

/** Where /health answers: beside the API (`/api` -> `/health`, `https://host/api` -> `https://host/health`). */
export function healthUrl(apiBaseUrl: string = API_BASE_URL): string {
  return `${apiBaseUrl.replace(/\/+$/, '').replace(/\/api$/, '')}/health`;
}

/** What /health says; 'unknown' when it cannot be asked or answers something else (an old server). */
export async function getHealth(): Promise<BackendHealth> {
  try {
    const response = await fetch(healthUrl(), { headers: { Accept: 'application/json' }, cache: 'no-store' });
    if (!response.ok) return 'unknown';
    const parsed = healthAnswerSchema.safeParse(await response.json());
    return parsed.success ? parsed.data.status : 'unknown';
  } catch {
    return 'unknown';
  }
}

export function getHealthQueryOptions() {
  return queryOptions({
    queryKey: ['backend-health'],
    queryFn: getHealth,
    retry: false,
    meta: { silent: true },
    refetchInterval: (query) => (query.state.data === 'degraded' ? DEGRADED_POLL_MS : HEALTH_POLL_MS),
  });
}

export function useBackendHealth({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getHealthQueryOptions(), enabled });
}
