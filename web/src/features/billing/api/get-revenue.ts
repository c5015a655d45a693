import { type RevenueResponse, revenueResponseSchema } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { invoicesQueryKey } from './get-invoices';

/** `GET /api/invoices/revenue?months=` (super users): invoices received, open and overdue by month and by plan. */
export function getRevenue(months: number): Promise<RevenueResponse> {
  return api.get('/invoices/revenue', { query: { months }, schema: revenueResponseSchema });
}

export function useRevenue(months: number) {
  return useQuery(queryOptions({ queryKey: [...invoicesQueryKey, 'revenue', months], queryFn: () => getRevenue(months) }));
}
