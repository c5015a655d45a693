import { PAYMENT_SETTING_KEYS, PAYMENT_SETTINGS, type PaymentSettingKey } from '@app/contracts';
import { Badge, Button, Field, Heading, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { toastSuccess } from '@/components/ui/toaster';

import { usePaymentSettings, useUpdatePaymentSetting } from '../api/payment-settings';

/**
 * The integrations IXC, MK-AUTH, ASAAS and the static Pix key (super users, spec 3 §6): kept by billing
 * encrypted; a secret shows only its hint, and a field left empty keeps what is stored. 'Remover' clears
 * a setting (the environment's value is used again).
 */
export function PaymentSettingsPanel() {
  const { t } = useTranslation();
  const query = usePaymentSettings();
  const update = useUpdatePaymentSetting();
  const [drafts, setDrafts] = useState<Partial<Record<PaymentSettingKey, string>>>({});

  async function handleSave(key: PaymentSettingKey, value: string) {
    try {
      await update.mutateAsync({ key, value });
      setDrafts((current) => ({ ...current, [key]: undefined }));
      toastSuccess(t('settings.toasts.updated'));
    } catch {
      // The mutation cache shows the error.
    }
  }

  const byKey = new Map((query.data?.settings ?? []).map((setting) => [setting.key, setting]));
  return (
    <Stack gap="3" data-testid="payment-settings">
      <HStack justify="space-between" wrap="wrap">
        <Heading as="h2" size="md">
          {t('settings.groups.integrations')}
        </Heading>
        {query.data && <Badge data-testid="payment-provider">{t(`billing.paymentSettings.provider.${query.data.provider}`)}</Badge>}
      </HStack>
      <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
        {PAYMENT_SETTING_KEYS.map((key) => {
          const current = byKey.get(key);
          const secret = PAYMENT_SETTINGS[key].secret;
          const draft = drafts[key] ?? '';
          return (
            <Field.Root key={key}>
              <Field.Label>{t(`billing.paymentSettings.keys.${key}`)}</Field.Label>
              <HStack gap="2" w="full">
                <Input
                  data-testid={`setting-${key}`}
                  type={secret ? 'password' : 'text'}
                  autoComplete="off"
                  value={draft}
                  placeholder={current?.value || t('billing.paymentSettings.notSet')}
                  onChange={(event) => setDrafts((all) => ({ ...all, [key]: event.target.value }))}
                />
                <Button size="sm" onClick={() => void handleSave(key, draft)} disabled={!draft.trim()} data-testid={`setting-${key}-save`}>
                  {t('common.save')}
                </Button>
                {current?.source === 'settings' && (
                  <Button size="sm" variant="outline" onClick={() => void handleSave(key, '')} data-testid={`setting-${key}-remove`}>
                    {t('billing.paymentSettings.remove')}
                  </Button>
                )}
              </HStack>
              {current && current.source !== 'none' && (
                <Text textStyle="xs" color="fg.muted">
                  {t(`billing.paymentSettings.source.${current.source}`)}
                </Text>
              )}
            </Field.Root>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
