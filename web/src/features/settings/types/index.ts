import {
  COMPANY_SETTING_KEYS,
  COMPANY_SETTINGS,
  type CompanySettingKey,
  GLOBAL_SETTING_KEYS,
  GLOBAL_SETTINGS,
  type GlobalSettingKey,
  type SettingResponse,
  type SettingSocketPayload,
} from '@app/contracts';

export {
  COMPANY_SETTING_KEYS,
  COMPANY_SETTINGS,
  type CompanySettingKey,
  GLOBAL_SETTING_KEYS,
  GLOBAL_SETTINGS,
  type GlobalSettingKey,
  type SettingResponse,
  type SettingSocketPayload,
};
