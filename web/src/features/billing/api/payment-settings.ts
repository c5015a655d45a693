import { type PaymentSetting, paymentSettingSchema, type PaymentSettingsResponse, paymentSettingsResponseSchema } from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export const paymentSettingsQueryKey = ['payment-settings'] as const;

/** `GET /api/payment-settings` (super users): each key (secrets as a hint) and the provider charging now. */
export function getPaymentSettings(): Promise<PaymentSettingsResponse> {
  return api.get('/payment-settings', { schema: paymentSettingsResponseSchema });
}

export function usePaymentSettings() {
  return useQuery(queryOptions({ queryKey: paymentSettingsQueryKey, queryFn: getPaymentSettings }));
}

/** `PUT /api/payment-settings/{key}`: an empty value removes it (the environment's is used again). */
export function updatePaymentSetting(key: string, value: string): Promise<PaymentSetting> {
  return api.put(`/payment-settings/${encodeURIComponent(key)}`, { value }, { schema: paymentSettingSchema });
}

export function useUpdatePaymentSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, value }: { key: string; value: string }) => updatePaymentSetting(key, value),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentSettingsQueryKey }),
    meta: { errorKey: 'billing.paymentSettings.saveError' },
  });
}
