import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { PlanResponse } from '../types';

/** `GET /api/plans/all` (super users): every plan, to choose a company's plan. */
export function getPlanOptions(): Promise<PlanResponse[]> {
  return api.get<PlanResponse[]>('/plans/all');
}

export function usePlanOptions() {
  return useQuery(queryOptions({ queryKey: ['plans', 'all'], queryFn: getPlanOptions }));
}
