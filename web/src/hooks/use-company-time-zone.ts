import { COMPANY_TIME_ZONE_SETTING, DEFAULT_COMPANY_TIME_ZONE } from '@app/contracts';

import { companySettingValue, useSettings } from '@/features/settings/api/get-settings';

/**
 * The company's time zone (the company setting `timezone`, decision 0037), read from the settings
 * list every user of the company may read; America/Sao_Paulo until it is loaded or when unset.
 */
export function useCompanyTimeZone(): string {
  const settings = useSettings();
  return companySettingValue(settings.data, COMPANY_TIME_ZONE_SETTING) || DEFAULT_COMPANY_TIME_ZONE;
}
