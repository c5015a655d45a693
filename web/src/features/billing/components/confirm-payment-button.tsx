import { Button, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuBadgeCheck } from 'react-icons/lu';

import { InfoDialog } from '@/components/ui/info-dialog';
import { toastSuccess } from '@/components/ui/toaster';

import { useConfirmPayment, useOpenInvoices } from '../api/confirm-payment';
import { formatCents, formatDay } from '../utils/money';

type ConfirmPaymentButtonProps = { companyId: number; companyName: string };

/**
 * The companies page's payment confirmation (static Pix key mode): the operator saw the Pix arrive and
 * confirms the invoice it paid; the company renews as with a provider's confirmation.
 */
export function ConfirmPaymentButton({ companyId, companyName }: ConfirmPaymentButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const invoices = useOpenInvoices(companyId, open);
  const confirm = useConfirmPayment();

  async function handleConfirm(invoiceId: number) {
    try {
      await confirm.mutateAsync(invoiceId);
      toastSuccess(t('billing.confirmPayment.done'));
    } catch {
      // The mutation cache shows the error.
    }
  }

  return (
    <>
      <IconButton
        size="xs"
        variant="ghost"
        aria-label={t('billing.confirmPayment.title')}
        title={t('billing.confirmPayment.title')}
        onClick={() => setOpen(true)}
        data-testid="companies-confirm-payment"
      >
        <LuBadgeCheck />
      </IconButton>
      <InfoDialog
        testId="confirm-payment-dialog"
        open={open}
        onClose={() => setOpen(false)}
        title={
          <>
            {t('billing.confirmPayment.title')} — {companyName}
          </>
        }
      >
        <Stack gap="3" data-testid="open-invoices">
          {invoices.data?.length === 0 && <Text>{t('billing.confirmPayment.none')}</Text>}
          {invoices.data?.map((invoice) => (
            <HStack key={invoice.id} justify="space-between" data-testid="open-invoice">
              <Text>
                #{invoice.id} · {invoice.detail} · {formatCents(invoice.value)} · {formatDay(invoice.dueDate)}
              </Text>
              <Button
                size="xs"
                loading={confirm.isPending && confirm.variables === invoice.id}
                onClick={() => void handleConfirm(invoice.id)}
                data-testid="open-invoice-confirm"
              >
                {t('billing.confirmPayment.confirm')}
              </Button>
            </HStack>
          ))}
        </Stack>
      </InfoDialog>
    </>
  );
}
