import { GLOBAL_SETTING_KEYS } from '@app/contracts';
import { AppError, CurrentTenancy, Public, type Tenancy } from '@app/platform';
import { Body, Controller, Get, Param, Put, Req } from '@nestjs/common';
import type { Request } from 'express';

import { SettingUpdateDto } from './setting.dto';
import { SettingService } from './setting.service';

@Controller('settings')
export class SettingController {
  constructor(private readonly settings: SettingService) {}

  @Get()
  list(@CurrentTenancy() tenancy: Tenancy) {
    return this.settings.list(tenancy);
  }

  /** trial, allowregister and viewregister, read by the sign-up page before anyone logs in (declared before `:key`). */
  @Public()
  @Get(GLOBAL_SETTING_KEYS)
  publicValue(@Req() request: Request) {
    return this.settings.publicValue(request.path.split('/').pop()!);
  }

  /** One company setting `{ key, value }`, for any user of the company (the ticketz client reads userRating so). */
  @Get(':key')
  companyValue(@CurrentTenancy() tenancy: Tenancy, @Param('key') key: string) {
    return this.settings.companyValue(tenancy, key);
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
