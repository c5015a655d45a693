import { CurrentTenancy, IdParam, RequirePlan, type Tenancy } from '@app/platform';
import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';

import { ScheduleBlockService } from './schedule-block.service';
import { ScheduleBlockBodyDto, ScheduleBlockListQueryDto } from './schedules.dto';

/** /schedule-blocks (spec 2): periods closed to appointments. */
@RequirePlan('useSchedules')
@Controller('schedule-blocks')
export class ScheduleBlockController {
  constructor(private readonly blocks: ScheduleBlockService) {}

  @Get()
  list(@CurrentTenancy() tenancy: Tenancy, @Query() query: ScheduleBlockListQueryDto) {
    return this.blocks.list(tenancy, query);
  }

  @Post()
  create(@CurrentTenancy() tenancy: Tenancy, @Body() body: ScheduleBlockBodyDto) {
    return this.blocks.create(tenancy, body);
  }

  @Put(':id')
  update(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number, @Body() body: ScheduleBlockBodyDto) {
    return this.blocks.update(tenancy, id, body);
  }

  @Delete(':id')
  delete(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    return this.blocks.delete(tenancy, id);
  }
}
