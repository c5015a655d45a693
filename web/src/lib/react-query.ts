import type { DefaultOptions, QueryClient, QueryKey } from '@tanstack/react-query';

import { isApiError } from '@/lib/api-client';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: QueryMeta;
    mutationMeta: QueryMeta;
  }
}

export type QueryMeta = {
  /** Do not show a failure as a toast (the caller handles it, or it is optional data). */
  silent?: boolean;
  /** An i18n key shown instead of the request's own error (e.g. 'common.loadListError'). */
  errorKey?: string;
};

/** No retry for answers the server meant (4xx); one retry for network and server failures. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export const queryConfig = {
  queries: {
    refetchOnWindowFocus: false,
    retry: shouldRetry,
    staleTime: 30_000,
  },
  mutations: {
    retry: false,
  },
} satisfies DefaultOptions;

/** Loads whose query is already set to load again when they end (one reload per load). */
const reloading = new WeakSet<Promise<unknown>>();

/**
 * A live event for a cached query that is loading: the load may have read the server before the
 * event's change was stored, and its answer would replace what the event put (or, on a first load,
 * never have it). The query loads again once that load ends, once however many events come meanwhile.
 */
export function reloadIfLoading(queryClient: QueryClient, queryKey: QueryKey): void {
  const loading = queryClient.getQueryCache().find({ queryKey, exact: true })?.promise;
  if (!loading || reloading.has(loading)) return;
  reloading.add(loading);
  const reload = () => void queryClient.invalidateQueries({ queryKey, exact: true });
  loading.then(reload, reload);
}
