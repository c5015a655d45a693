import { companySocketEvent, type PaymentSocketPayload } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';

import { useSocketEvent } from '@/lib/socket';

import { invoicesQueryKey } from '../api/get-invoices';

/** `company-{id}-payment` with CONCLUIDA: the invoices refresh and the caller hears of the renewal. */
export function usePaymentConfirmed(companyId: number | null | undefined, onConfirmed: (payment: PaymentSocketPayload) => void) {
  const queryClient = useQueryClient();
  useSocketEvent(companyId == null ? null : companySocketEvent(companyId, 'payment'), (payment) => {
    if (payment.action !== 'CONCLUIDA') return;
    void queryClient.invalidateQueries({ queryKey: invoicesQueryKey });
    onConfirmed(payment);
  });
}
