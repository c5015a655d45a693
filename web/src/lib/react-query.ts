import type { DefaultOptions } from '@tanstack/react-query';

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
