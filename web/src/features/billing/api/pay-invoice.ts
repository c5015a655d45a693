import { type SubscriptionBody, type SubscriptionPixResponse, subscriptionPixResponseSchema } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** `POST /api/subscription` (PAGAR): the Pix for the invoice, priced by the server. */
export function payInvoice(body: SubscriptionBody): Promise<SubscriptionPixResponse> {
  return api.post('/subscription', body, { schema: subscriptionPixResponseSchema });
}

export function usePayInvoice() {
  return useMutation({ mutationFn: payInvoice });
}
