import { helpListResponseSchema } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import type { HelpResponse } from '../types';

export const helpsQueryKey = ['helps'] as const;

/** `GET /api/helps/list`: every help video. */
export function getHelps(): Promise<HelpResponse[]> {
  return api.get('/helps/list', { schema: helpListResponseSchema });
}

export function getHelpsQueryOptions() {
  return queryOptions({ queryKey: [...helpsQueryKey, 'list'], queryFn: getHelps, meta: { errorKey: 'common.loadListError' } });
}

export function useHelps() {
  return useQuery(getHelpsQueryOptions());
}
