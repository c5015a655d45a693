import {
  COMPANY_SETTINGS,
  COMPANY_SETTING_KEYS,
  GLOBAL_SETTINGS,
  GLOBAL_SETTING_KEYS,
  type CompanySettingKey,
  type GlobalSettingKey,
  type SettingResponse,
  type SettingSocketPayload,
} from '@app/contracts';

export {
  COMPANY_SETTINGS,
  COMPANY_SETTING_KEYS,
  GLOBAL_SETTINGS,
  GLOBAL_SETTING_KEYS,
  type CompanySettingKey,
  type GlobalSettingKey,
  type SettingResponse,
  type SettingSocketPayload,
};
