import { type CompanyResponse, companyResponseSchema } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** `GET /api/companies/{id}` read for the Assinatura page: the trial's end and the billing e-mail of the user's company. */
export function getSubscription(companyId: number): Promise<CompanyResponse> {
  return api.get(`/companies/${companyId}`, { schema: companyResponseSchema });
}

export function getSubscriptionQueryOptions(companyId: number) {
  return queryOptions({ queryKey: ['subscription', companyId], queryFn: () => getSubscription(companyId) });
}

export function useSubscription(companyId: number) {
  return useQuery(getSubscriptionQueryOptions(companyId));
}
