import { AppError, CurrentTenancy, Public, type Tenancy } from '@app/platform';
import { Body, Controller, Get, Param, Put } from '@nestjs/common';

import { SettingUpdateDto } from '../dtos/setting.dto';
import { SettingService } from './setting.service';

@Controller('settings')
export class SettingController {
  constructor(private readonly settings: SettingService) {}

  @Get()
  list(@CurrentTenancy() tenancy: Tenancy) {
    return this.settings.list(tenancy);
  }

  /** trial, allowregister and viewregister, read by the sign-up page before anyone logs in. */
  @Public()
  @Get(':key')
  publicValue(@Param('key') key: string) {
    return this.settings.publicValue(key);
  }

  @Put(':key')
  update(@CurrentTenancy() tenancy: Tenancy, @Param('key') key: string, @Body() body: SettingUpdateDto) {
    if (body.key !== undefined && body.key !== key) {
      throw new AppError('ERR_VALIDATION', 'The key in the body must be the one in the path', {
        fields: [{ path: 'key', message: 'key differs from the path' }],
      });
    }
    return this.settings.update(tenancy, key, body.value);
  }
}
