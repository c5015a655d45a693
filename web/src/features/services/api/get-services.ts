import { type ServicePageResponse, servicePageResponseSchema } from '@app/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** Every services query starts with this key: a save or a delete refreshes them all (the spec names no socket channel for services). */
export const servicesQueryKey = ['services'] as const;

/** `GET /api/services/?searchParam=&pageNumber=` → {services, count, hasMore}, 20 a page. */
export function getServices(searchParam: string, pageNumber: number): Promise<ServicePageResponse> {
  return api.get('/services/', { query: { searchParam, pageNumber }, schema: servicePageResponseSchema });
}

export function getServicesQueryOptions(searchParam: string, pageNumber: number) {
  return queryOptions({
    queryKey: [...servicesQueryKey, 'page', { searchParam, pageNumber }],
    queryFn: () => getServices(searchParam, pageNumber),
    // The table keeps the page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useServices(searchParam: string, pageNumber: number) {
  return useQuery(getServicesQueryOptions(searchParam, pageNumber));
}
