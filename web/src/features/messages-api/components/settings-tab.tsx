import type { PartnerSettings } from '@app/contracts';
import { Button, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { toastError } from '@/components/ui/toaster';

import { settingsSample } from '../api/send-sample';
import { CurlBlock, SampleTokenInput } from './sample-fields';

/** The Configurações tab of /messages-api: GET /api/messages/settings documented, with a live sample. */
export function SettingsTab({ base, token: initialToken }: { base: string; token: string }) {
  const { t } = useTranslation();
  const [token, setToken] = useState(initialToken);
  const [loading, setLoading] = useState(false);
  const [settings, setSettings] = useState<PartnerSettings | null>(null);
  const yesNo = (value: boolean) => (value ? t('messagesApi.settings.yes') : t('messagesApi.settings.no'));

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setLoading(true);
    try {
      setSettings(await settingsSample(token));
    } catch (error) {
      toastError(error);
    } finally {
      setLoading(false);
    }
  }

  const rows: [string, string][] = settings
    ? [
        [t('messagesApi.settings.tokenName'), `${settings.token.name} (${settings.token.preview}…)`],
        [
          t('messagesApi.settings.connection'),
          settings.connection ? `${settings.connection.name} (${settings.connection.status})` : t('messagesApi.settings.noConnection'),
        ],
        [t('messagesApi.settings.connectionFixed'), yesNo(settings.connectionFixed)],
        [t('messagesApi.settings.schedules'), yesNo(settings.features.schedules)],
        [t('messagesApi.settings.agenda'), yesNo(settings.features.agenda)],
        [t('messagesApi.settings.rate'), String(settings.limits.requestsPerSecond)],
        [t('messagesApi.settings.bodyMax'), String(settings.limits.messageBodyMax)],
        [t('messagesApi.settings.medias'), `${settings.limits.mediasPerRequest} × ${settings.limits.mediaMaxBytes / 1_048_576} MB`],
        [t('messagesApi.settings.idempotency'), `${settings.limits.idempotencyWindowHours} h`],
      ]
    : [];

  return (
    <Stack gap="4">
      <Text>{t('messagesApi.settings.intro')}</Text>
      <CurlBlock>{`curl ${base}/messages/settings \\\n  -H "Authorization: Bearer zdk_..."`}</CurlBlock>
      <form onSubmit={(event) => void handleSubmit(event)} data-testid="sample-settings-form">
        <Stack gap="3">
          <Heading as="h2" size="md">
            {t('messagesApi.settings.sampleTitle')}
          </Heading>
          <SampleTokenInput value={token} onChange={setToken} testId="sample-settings-token" />
          <Button type="submit" disabled={!token.trim()} loading={loading} alignSelf="start" data-testid="sample-settings-send">
            {t('messagesApi.settings.read')}
          </Button>
        </Stack>
      </form>
      {settings && (
        <Table.Root size="sm" data-testid="sample-settings-result">
          <Table.Body>
            {rows.map(([label, value]) => (
              <Table.Row key={label}>
                <Table.Cell fontWeight="semibold">{label}</Table.Cell>
                <Table.Cell>{value}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Stack>
  );
}
