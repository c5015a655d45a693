import { type Invoice, invoiceSchema, openInvoicesResponseSchema } from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

const openInvoicesQueryKey = (companyId: number) => ['invoices', 'open', companyId] as const;

/** `GET /api/invoices/open?companyId=` (super users): the company's unpaid invoices. */
export function getOpenInvoices(companyId: number): Promise<Invoice[]> {
  return api.get('/invoices/open', { query: { companyId }, schema: openInvoicesResponseSchema });
}

export function useOpenInvoices(companyId: number, enabled: boolean) {
  return useQuery(queryOptions({ queryKey: openInvoicesQueryKey(companyId), queryFn: () => getOpenInvoices(companyId), enabled }));
}

/** `POST /api/invoices/{id}/confirm-payment`: the static-key Pix arrived; the same effect as a provider's confirmation. */
export function confirmPayment(invoiceId: number): Promise<Invoice> {
  return api.post(`/invoices/${invoiceId}/confirm-payment`, undefined, { schema: invoiceSchema });
}

export function useConfirmPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPayment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['invoices'] }),
    meta: { errorKey: 'billing.confirmPayment.error' },
  });
}
