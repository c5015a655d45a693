import { CurrentTenancy, IdParam, RequirePlan, type Tenancy } from '@app/platform';
import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';

import { BookingSettingsBodyDto } from './booking-settings.dto';
import { BookingSettingsService } from './booking-settings.service';

/** /schedule-settings and /calendars/{id}/schedule-settings (spec 2): work hours, days, slots, overlaps. */
@RequirePlan('useSchedules')
@Controller()
export class BookingSettingsController {
  constructor(private readonly settings: BookingSettingsService) {}

  @Get('schedule-settings')
  get(@CurrentTenancy() tenancy: Tenancy) {
    return this.settings.get(tenancy, null);
  }

  @Get('calendars/:id/schedule-settings')
  getOfCalendar(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    return this.settings.get(tenancy, id);
  }

  @Post('schedule-settings')
  @HttpCode(200)
  save(@CurrentTenancy() tenancy: Tenancy, @Body() body: BookingSettingsBodyDto) {
    return this.settings.save(tenancy, null, body);
  }

  @Post('calendars/:id/schedule-settings')
  @HttpCode(200)
  saveOfCalendar(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number, @Body() body: BookingSettingsBodyDto) {
    return this.settings.save(tenancy, id, body);
  }
}
