import { type CampaignSettings, type CampaignVariable, LONGER_INTERVAL_OPTIONS, MESSAGE_INTERVAL_OPTIONS } from '@app/contracts';
import { Button, Card, Field, Heading, HStack, IconButton, Input, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuPlus, LuTrash2 } from 'react-icons/lu';

import { SelectInput } from '@/components/form/select-input';
import { toastSuccess } from '@/components/ui/toaster';

import { useCampaignSettings } from '../api/get-campaign-settings';
import { useSaveCampaignSettings } from '../api/save-campaign-settings';

type IntervalKey = 'messageInterval' | 'longerIntervalAfter' | 'greaterInterval';
const INTERVALS: { key: IntervalKey; options: readonly number[] }[] = [
  { key: 'messageInterval', options: MESSAGE_INTERVAL_OPTIONS },
  { key: 'longerIntervalAfter', options: LONGER_INTERVAL_OPTIONS },
  { key: 'greaterInterval', options: LONGER_INTERVAL_OPTIONS },
];

/** /campaigns-config: the sending intervals (the spec's options, defaults 20, 20 and 60 s) and the named variables. */
export function CampaignSettingsPage() {
  const query = useCampaignSettings();
  if (!query.data) return null;
  return <CampaignSettingsForm initial={query.data} />;
}

function CampaignSettingsForm({ initial }: { initial: CampaignSettings }) {
  const { t } = useTranslation();
  const saveMutation = useSaveCampaignSettings();
  const [settings, setSettings] = useState<CampaignSettings>(initial);
  const [variable, setVariable] = useState<CampaignVariable>({ key: '', value: '' });
  const [variableError, setVariableError] = useState<string | null>(null);

  async function handleSave(next: CampaignSettings = settings) {
    const saved = await saveMutation.mutateAsync(next);
    setSettings(saved);
    toastSuccess(t('campaignSettings.toasts.saved'));
  }

  /** Spec 2: a variable is added only if its key is not already present. */
  function handleAddVariable() {
    const key = variable.key.trim();
    if (!key) return setVariableError(t('validation.required'));
    if (settings.variables.some((existing) => existing.key === key)) return setVariableError(t('campaignSettings.variableExists'));
    setVariableError(null);
    const next = { ...settings, variables: [...settings.variables, { key, value: variable.value }] };
    setVariable({ key: '', value: '' });
    void handleSave(next).catch(() => undefined);
  }

  function handleRemoveVariable(key: string) {
    void handleSave({ ...settings, variables: settings.variables.filter((existing) => existing.key !== key) }).catch(() => undefined);
  }

  return (
    <Stack gap="6" data-testid="campaign-settings-page">
      <Heading as="h1" size="xl">
        {t('campaignSettings.title')}
      </Heading>
      <Card.Root>
        <Card.Body>
          <Stack gap="4">
            <Heading as="h2" size="md">
              {t('campaignSettings.intervals')}
            </Heading>
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
              {INTERVALS.map(({ key, options }) => (
                <Field.Root key={key}>
                  <Field.Label>{t(`campaignSettings.fields.${key}`)}</Field.Label>
                  <SelectInput
                    value={String(settings[key])}
                    onChange={(event) => setSettings({ ...settings, [key]: Number(event.target.value) })}
                    data-testid={`campaign-settings-${key}`}
                  >
                    {options.map((option) => (
                      <option key={option} value={option}>
                        {key === 'longerIntervalAfter'
                          ? t('campaignSettings.messagesOption', { count: option })
                          : t('campaignSettings.secondsOption', { count: option })}
                      </option>
                    ))}
                  </SelectInput>
                </Field.Root>
              ))}
            </SimpleGrid>
            <Button
              alignSelf="flex-end"
              colorPalette="brand"
              loading={saveMutation.isPending}
              onClick={() => void handleSave().catch(() => undefined)}
              data-testid="campaign-settings-save"
            >
              {t('common.save')}
            </Button>
          </Stack>
        </Card.Body>
      </Card.Root>
      <Card.Root>
        <Card.Body>
          <Stack gap="4">
            <Heading as="h2" size="md">
              {t('campaignSettings.variables')}
            </Heading>
            <HStack align="flex-start" gap="3" wrap="wrap">
              <Field.Root invalid={!!variableError} w={{ base: 'full', md: '48' }}>
                <Field.Label>{t('campaignSettings.fields.key')}</Field.Label>
                <Input
                  value={variable.key}
                  onChange={(event) => setVariable({ ...variable, key: event.target.value })}
                  data-testid="campaign-variable-key"
                />
                {variableError && <Field.ErrorText>{variableError}</Field.ErrorText>}
              </Field.Root>
              <Field.Root flex="1">
                <Field.Label>{t('campaignSettings.fields.value')}</Field.Label>
                <Input
                  value={variable.value}
                  onChange={(event) => setVariable({ ...variable, value: event.target.value })}
                  data-testid="campaign-variable-value"
                />
              </Field.Root>
              <Button mt="6" variant="outline" onClick={handleAddVariable} data-testid="campaign-variable-add">
                <LuPlus /> {t('common.add')}
              </Button>
            </HStack>
            {settings.variables.length === 0 ? (
              <Text color="fg.muted">{t('common.noRecords')}</Text>
            ) : (
              <Table.Root size="sm" data-testid="campaign-variables">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t('campaignSettings.fields.key')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('campaignSettings.fields.value')}</Table.ColumnHeader>
                    <Table.ColumnHeader />
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {settings.variables.map((item) => (
                    <Table.Row key={item.key} data-testid="campaign-variable-row">
                      <Table.Cell>{`{${item.key}}`}</Table.Cell>
                      <Table.Cell>{item.value}</Table.Cell>
                      <Table.Cell textAlign="end">
                        <IconButton
                          size="xs"
                          variant="ghost"
                          aria-label={t('common.delete')}
                          onClick={() => handleRemoveVariable(item.key)}
                        >
                          <LuTrash2 />
                        </IconButton>
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            )}
          </Stack>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
