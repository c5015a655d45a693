import { companyResponseSchema } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import type { CompanyResponse } from '../types';
import { companiesQueryKey } from './get-companies';

/** `GET /api/companies/{id}`: the own company, or any for a super user. */
export function getCompany(companyId: number): Promise<CompanyResponse> {
  return api.get(`/companies/${companyId}`, { schema: companyResponseSchema });
}

export function getCompanyQueryOptions(companyId: number) {
  return queryOptions({ queryKey: [...companiesQueryKey, 'detail', companyId], queryFn: () => getCompany(companyId) });
}

export function useCompany(companyId: number) {
  return useQuery(getCompanyQueryOptions(companyId));
}
