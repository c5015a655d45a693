import type { Invoice, PaymentSocketPayload } from '@app/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { paths } from '@/config/paths';

import { usePayInvoice } from '../api/pay-invoice';
import { usePaymentConfirmed } from '../hooks/use-payment-confirmed';
import { CheckoutFlow, type CurrentPlan } from './checkout-flow';

export type { CurrentPlan } from './checkout-flow';

/** Spec 3: after a successful payment the user goes to / after 4 s. */
export const RENEWED_REDIRECT_MS = 4_000;

type CheckoutDialogProps = {
  invoice: Invoice;
  companyId: number;
  plan: CurrentPlan | undefined;
  onClose: () => void;
};

/** PAGAR on /financeiro: the checkout with the session; CONCLUIDA on the company's socket shows the renewal and returns to / after 4 s. */
export function CheckoutDialog({ invoice, companyId, plan, onClose }: CheckoutDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [renewed, setRenewed] = useState<PaymentSocketPayload | null>(null);
  const payMutation = usePayInvoice();

  usePaymentConfirmed(companyId, (payment) => {
    if (payment.invoice.id === invoice.id) setRenewed(payment);
  });

  useEffect(() => {
    if (!renewed) return;
    const timer = window.setTimeout(() => navigate(paths.home), RENEWED_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [renewed, navigate]);

  return (
    <CheckoutFlow
      invoice={invoice}
      plan={plan}
      pay={payMutation.mutateAsync}
      renewedDueDate={renewed?.company.dueDate ?? null}
      title={t('billing.checkout.title')}
      testId="billing-checkout"
      onClose={onClose}
    />
  );
}
