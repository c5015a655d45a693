import { Heading, SimpleGrid, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

import { toastSuccess } from '@/components/ui/toaster';

import { globalSettingValue, useSettings } from '../api/get-settings';
import { useUpdateSetting } from '../api/update-setting';
import { GLOBAL_SETTING_KEYS, GLOBAL_SETTINGS } from '../types';
import { SettingField } from './setting-field';

/** Super users: sign-up allowed and shown, and the trial length (1 to 7 days). */
export function GlobalSettingsPanel() {
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

  return (
    <Stack gap="3" data-testid="global-settings">
      <Heading as="h2" size="md">
        {t('settings.groups.global')}
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        {GLOBAL_SETTING_KEYS.map((key) => {
          const definition = GLOBAL_SETTINGS[key];
          return (
            <SettingField
              key={key}
              settingKey={key}
              label={t(`settings.keys.${key}`)}
              value={globalSettingValue(settingsQuery.data, key) ?? definition.default}
              options={definition.values.map((value) => ({
                value,
                label:
                  key === 'trial'
                    ? t('settings.trialDays', { count: Number(value) })
                    : t(`settings.values.${value}` as 'settings.values.enabled'),
              }))}
              disabled={settingsQuery.isPending}
              onChange={(value) => void handleChange(key, value)}
            />
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
