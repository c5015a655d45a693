import { CurrentTenancy, IdParam, RequirePlan, type Tenancy } from '@app/platform';
import { Body, Controller, Delete, Get, Post, Put } from '@nestjs/common';

import { CalendarBodyDto } from './calendar.dto';
import { CalendarService } from './calendar.service';

/** /calendars (spec 2): the company's calendars of appointments. */
@RequirePlan('useSchedules')
@Controller('calendars')
export class CalendarController {
  constructor(private readonly calendars: CalendarService) {}

  @Get()
  list(@CurrentTenancy() tenancy: Tenancy) {
    return this.calendars.list(tenancy);
  }

  @Post()
  create(@CurrentTenancy() tenancy: Tenancy, @Body() body: CalendarBodyDto) {
    return this.calendars.create(tenancy, body);
  }

  @Put(':id')
  update(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number, @Body() body: CalendarBodyDto) {
    return this.calendars.update(tenancy, id, body);
  }

  @Delete(':id')
  delete(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    return this.calendars.delete(tenancy, id);
  }
}
