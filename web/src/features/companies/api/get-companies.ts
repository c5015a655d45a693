import { companyPageResponseSchema } from '@app/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import type { CompanyPageResponse } from '../types';

export const companiesQueryKey = ['companies'] as const;

/** `GET /api/companies?searchParam=&pageNumber=` (super users). */
export function getCompanies(searchParam: string, pageNumber: number): Promise<CompanyPageResponse> {
  return api.get('/companies', { schema: companyPageResponseSchema, query: { searchParam, pageNumber } });
}

export function getCompaniesQueryOptions(searchParam: string) {
  return infiniteQueryOptions({
    queryKey: [...companiesQueryKey, 'list', { searchParam }],
    queryFn: ({ pageParam }) => getCompanies(searchParam, pageParam),
    initialPageParam: 1,
    getNextPageParam: (lastPage, allPages) => (lastPage.hasMore ? allPages.length + 1 : undefined),
    meta: { errorKey: 'common.loadListError' },
  });
}

export function useCompanies(searchParam: string) {
  return useInfiniteQuery(getCompaniesQueryOptions(searchParam));
}
