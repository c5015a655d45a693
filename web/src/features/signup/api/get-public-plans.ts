import { planListResponseSchema } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import type { PublicPlan } from '../types';

/** The plan hidden from the sign-up list (spec 3 section 5). */
export const HIDDEN_SIGNUP_PLAN_ID = 2;

/** `GET /api/plans/list`: no authentication. */
export function getPublicPlans(): Promise<PublicPlan[]> {
  return api.get('/plans/list', { skipAuthRefresh: true, schema: planListResponseSchema });
}

export function signupPlans(plans: readonly PublicPlan[]): PublicPlan[] {
  return plans.filter((plan) => plan.id !== HIDDEN_SIGNUP_PLAN_ID);
}

export function getPublicPlansQueryOptions() {
  return queryOptions({
    queryKey: ['plans', 'public'],
    queryFn: getPublicPlans,
    select: signupPlans,
    staleTime: 60_000,
  });
}

export function usePublicPlans() {
  return useQuery(getPublicPlansQueryOptions());
}
