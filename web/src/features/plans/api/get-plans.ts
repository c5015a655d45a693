import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { PlanResponse } from '../types';

export const plansQueryKey = ['plans'] as const;

/** `GET /api/plans/all` (super users). */
export function getPlans(): Promise<PlanResponse[]> {
  return api.get<PlanResponse[]>('/plans/all');
}

export function getPlansQueryOptions() {
  return queryOptions({ queryKey: [...plansQueryKey, 'all'], queryFn: getPlans, meta: { errorKey: 'common.loadListError' } });
}

export function usePlans() {
  return useQuery(getPlansQueryOptions());
}
