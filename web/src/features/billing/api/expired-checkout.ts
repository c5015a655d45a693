import {
  CHECKOUT_PASS_HEADER,
  type ExpiredCheckoutResponse,
  expiredCheckoutResponseSchema,
  type SubscriptionBody,
  type SubscriptionPixResponse,
  subscriptionPixResponseSchema,
} from '@app/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/**
 * The checkout of an expired company's admin on the login page, with the pass the refused login
 * handed over instead of a session (decision 0053); a 403 here is a refused pass, not a token to refresh.
 */
export function getExpiredCheckout(pass: string): Promise<ExpiredCheckoutResponse> {
  return api.get('/subscription/expired', {
    headers: { [CHECKOUT_PASS_HEADER]: pass },
    skipAuthRefresh: true,
    schema: expiredCheckoutResponseSchema,
  });
}

export function payExpiredInvoice(pass: string, body: SubscriptionBody): Promise<SubscriptionPixResponse> {
  return api.post('/subscription/expired', body, {
    headers: { [CHECKOUT_PASS_HEADER]: pass },
    skipAuthRefresh: true,
    schema: subscriptionPixResponseSchema,
  });
}

/** `watchEveryMs`: while the Pix is shown, ask again until the company is renewed (no socket without a session). */
export function useExpiredCheckout(pass: string, watchEveryMs: number | false) {
  return useQuery(
    queryOptions({
      queryKey: ['expired-checkout', pass],
      queryFn: () => getExpiredCheckout(pass),
      refetchInterval: (query) => (query.state.data?.expired === false ? false : watchEveryMs),
      retry: false,
    }),
  );
}

export function usePayExpiredInvoice(pass: string) {
  return useMutation({ mutationFn: (body: SubscriptionBody) => payExpiredInvoice(pass, body) });
}
