import { type InvoicePageResponse, invoicePageResponseSchema } from '@app/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** Every invoices query starts with this key: a payment refreshes them all. */
export const invoicesQueryKey = ['invoices'] as const;

/** `GET /api/invoices/all?searchParam=&pageNumber=` → {invoices, count, hasMore}, 20 a page. */
export function getInvoices(searchParam: string, pageNumber: number): Promise<InvoicePageResponse> {
  return api.get('/invoices/all', { query: { searchParam, pageNumber }, schema: invoicePageResponseSchema });
}

export function useInvoices(searchParam = '') {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...invoicesQueryKey, 'page', { searchParam }],
      queryFn: ({ pageParam }) => getInvoices(searchParam, pageParam),
      initialPageParam: 1,
      getNextPageParam: (lastPage, allPages) => (lastPage.hasMore ? allPages.length + 1 : undefined),
    }),
  );
}
