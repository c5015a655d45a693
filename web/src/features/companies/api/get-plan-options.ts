import { planListResponseSchema } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import type { PlanResponse } from '../types';

/** `GET /api/plans/all` (super users): every plan, to choose a company's plan. */
export function getPlanOptions(): Promise<PlanResponse[]> {
  return api.get('/plans/all', { schema: planListResponseSchema });
}

export function usePlanOptions() {
  return useQuery(queryOptions({ queryKey: ['plans', 'all'], queryFn: getPlanOptions }));
}
