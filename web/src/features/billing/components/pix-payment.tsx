import type { SubscriptionPixResponse } from '@app/contracts';
import { Button, HStack, Image, Input, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { formatCents } from '../utils/money';

/** Spec 3: the copy button shows Copiado for 1 s. */
export const COPIED_FOR_MS = 1_000;

type PixPaymentProps = { pix: SubscriptionPixResponse; valueCents: number };

/** The Pix screen: the total, the QR code, the 'copia e cola' code with its copy button, and how to pay. */
export function PixPayment({ pix, valueCents }: PixPaymentProps) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  async function copy() {
    await navigator.clipboard.writeText(pix.qrcode.qrcode);
    setCopied(true);
  }

  return (
    <Stack gap="4" align="center" data-testid="billing-pix">
      <Text fontSize="lg" fontWeight="semibold" data-testid="billing-pix-total">
        {t('billing.pix.total', { value: formatCents(valueCents) })}
      </Text>
      <Image src={pix.qrcode.imagemQrcode} alt={t('billing.pix.qrAlt')} boxSize="240px" data-testid="billing-pix-qr" />
      <HStack width="full">
        <Input readOnly value={pix.qrcode.qrcode} data-testid="billing-pix-code" aria-label={t('billing.pix.code')} />
        <Button onClick={() => void copy()} data-testid="billing-pix-copy">
          {copied ? t('billing.pix.copied') : t('billing.pix.copy')}
        </Button>
      </HStack>
      <Text color="fg.muted" textAlign="center">
        {t('billing.pix.instructions')}
      </Text>
    </Stack>
  );
}
