import { Center, Heading, SimpleGrid, Spinner, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

import { toastSuccess } from '@/components/ui/toaster';

import { companySettingValue, useSettings } from '../api/get-settings';
import { useUpdateSetting } from '../api/update-setting';
import { COMPANY_SETTING_KEYS, COMPANY_SETTINGS, type CompanySettingKey } from '../types';
import { SettingField } from './setting-field';
import { TimeZoneField } from './time-zone-field';

type CompanySettingsPanelProps = {
  /** Kept for the route; the billing integrations (IXC, MK-AUTH, ASAAS) are billing's payment settings panel now. */
  isSuper: boolean;
};

type SettingDefinition = { values: readonly string[] | null; default: string; format?: 'timeZone' };

/** The general settings; the spec's payment keys (IXC, MK-AUTH, ASAAS) are billing's payment settings panel. */
const GROUPS: { titleKey: 'settings.groups.general'; keys: CompanySettingKey[] }[] = [
  { titleKey: 'settings.groups.general', keys: COMPANY_SETTING_KEYS },
];

/** The Options tab: every company setting of the spec with its enumeration. */
export function CompanySettingsPanel(_props: CompanySettingsPanelProps) {
  const { t } = useTranslation();
  const settingsQuery = useSettings();
  const updateSetting = useUpdateSetting();

  async function handleChange(key: string, value: string) {
    try {
      await updateSetting.mutateAsync({ key, value });
      toastSuccess(t('settings.toasts.updated'));
    } catch {
      // The mutation cache shows the error.
    }
  }

  if (settingsQuery.isPending) {
    return (
      <Center py="6">
        <Spinner aria-label={t('common.loading')} />
      </Center>
    );
  }

  return (
    <Stack gap="6" data-testid="company-settings">
      {GROUPS.map((group) => (
        <Stack key={group.titleKey} gap="3">
          <Heading as="h2" size="md">
            {t(group.titleKey)}
          </Heading>
          <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
            {group.keys.map((key) => {
              const definition = COMPANY_SETTINGS[key] as SettingDefinition;
              return (
                <SettingFieldFor
                  key={key}
                  settingKey={key}
                  definition={definition}
                  value={companySettingValue(settingsQuery.data, key) ?? definition.default}
                  onChange={(value) => void handleChange(key, value)}
                />
              );
            })}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}

type SettingFieldForProps = {
  settingKey: CompanySettingKey;
  definition: SettingDefinition;
  value: string;
  onChange: (value: string) => void;
};

function SettingFieldFor({ settingKey, definition, value, onChange }: SettingFieldForProps) {
  const { t } = useTranslation();
  if (definition.format === 'timeZone') {
    // Keyed by the value: a zone changed elsewhere (another admin, the settings socket) shows at once.
    return (
      <TimeZoneField key={value} label={t(`settings.keys.${settingKey}` as 'settings.keys.timezone')} value={value} onChange={onChange} />
    );
  }
  const options = definition.values
    ? definition.values.map((option) => ({
        value: option,
        label: t(`settings.values.${option}` as 'settings.values.enabled', option),
      }))
    : null;
  return (
    <SettingField
      settingKey={settingKey}
      label={t(`settings.keys.${settingKey}` as 'settings.keys.userRating')}
      value={value}
      options={options}
      onChange={onChange}
    />
  );
}
