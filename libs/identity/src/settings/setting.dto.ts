import { type SettingResponse, settingUpdateSchema } from '@app/contracts';
import { createZodDto } from 'nestjs-zod';

import type { CompanySetting, GlobalSetting } from './setting.repository';

export class SettingUpdateDto extends createZodDto(settingUpdateSchema) {}

export function mapSetting(setting: CompanySetting | GlobalSetting): SettingResponse {
  return {
    key: setting.key,
    value: setting.value,
    companyId: 'companyId' in setting ? setting.companyId : null,
    updatedAt: setting.updatedAt.toISOString(),
  };
}
