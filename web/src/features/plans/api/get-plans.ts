import { planListResponseSchema } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import type { PlanResponse } from '../types';

export const plansQueryKey = ['plans'] as const;

/** `GET /api/plans/all` (super users). */
export function getPlans(): Promise<PlanResponse[]> {
  return api.get('/plans/all', { schema: planListResponseSchema });
}

export function getPlansQueryOptions() {
  return queryOptions({ queryKey: [...plansQueryKey, 'all'], queryFn: getPlans, meta: { errorKey: 'common.loadListError' } });
}

export function usePlans() {
  return useQuery(getPlansQueryOptions());
}
