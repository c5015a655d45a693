import type { Invoice } from '@app/contracts';
import { Alert, Center, Dialog, Spinner, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { DialogFrame } from '@/components/ui/dialog-frame';
import { getErrorMessage } from '@/lib/errors';

import { useExpiredCheckout, usePayExpiredInvoice } from '../api/expired-checkout';
import { formatDay } from '../utils/money';
import { RENEWED_REDIRECT_MS } from './checkout-dialog';
import { CheckoutFlow } from './checkout-flow';

/** How often the login page asks whether the Pix was paid (there is no socket before a session). */
export const EXPIRED_CHECKOUT_WATCH_MS = 3_000;

type ExpiredCheckoutDialogProps = {
  /** The pass the refused login handed the company's admin. */
  pass: string;
  /** The company was renewed: shown for 4 s, then this (the login page signs in again). */
  onRenewed: () => void;
  onClose: () => void;
};

/**
 * The login of an expired company's admin (decision 0053): the expired period's invoice in the same
 * checkout as /financeiro, paid with the refusal's pass; once the payment renewed the company, the
 * renewal with its new due date, and the login goes on.
 */
export function ExpiredCheckoutDialog({ pass, onRenewed, onClose }: ExpiredCheckoutDialogProps) {
  const { t, i18n } = useTranslation();
  const [watching, setWatching] = useState(false);
  const query = useExpiredCheckout(pass, watching ? EXPIRED_CHECKOUT_WATCH_MS : false);
  const payMutation = usePayExpiredInvoice(pass);
  const renewedDueDate = query.data && !query.data.expired ? query.data.company.dueDate : null;

  const onRenewedRef = useRef(onRenewed);
  useEffect(() => {
    onRenewedRef.current = onRenewed;
  });
  useEffect(() => {
    if (!renewedDueDate) return;
    const timer = window.setTimeout(() => onRenewedRef.current(), RENEWED_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [renewedDueDate]);

  // The invoice stays on screen once paid (the answer then carries none): kept from the answers before.
  const checkout = query.data;
  const [invoice, setInvoice] = useState<Invoice | null>(null);
  if (checkout?.invoice && checkout.invoice.id !== invoice?.id) setInvoice(checkout.invoice);

  if (invoice) {
    return (
      <CheckoutFlow
        invoice={invoice}
        plan={checkout?.plan ?? undefined}
        pay={payMutation.mutateAsync}
        renewedDueDate={renewedDueDate}
        onPixShown={() => setWatching(true)}
        intro={
          <Alert.Root status="warning" mb="4" data-testid="expired-checkout-intro">
            <Alert.Indicator />
            <Alert.Description>{t('billing.expired.intro', { dueDate: formatDay(invoice.dueDate) })}</Alert.Description>
          </Alert.Root>
        }
        title={t('billing.expired.title')}
        testId="expired-checkout"
        onClose={onClose}
      />
    );
  }

  return (
    <DialogFrame open onOpenChange={({ open }) => !open && onClose()} testId="expired-checkout" size="md">
      <Dialog.Header>
        <Dialog.Title>{t('billing.expired.title')}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        {renewedDueDate ? (
          <Text data-testid="billing-renewed" fontWeight="semibold">
            {t('billing.checkout.renewed', { dueDate: formatDay(renewedDueDate) })}
          </Text>
        ) : query.isPending ? (
          <Center py="6">
            <Spinner aria-label={t('common.loading')} />
          </Center>
        ) : (
          <Text role="alert" data-testid="expired-checkout-unavailable">
            {query.isError ? getErrorMessage(query.error, i18n) : t('billing.expired.noInvoice')}
          </Text>
        )}
      </Dialog.Body>
    </DialogFrame>
  );
}
