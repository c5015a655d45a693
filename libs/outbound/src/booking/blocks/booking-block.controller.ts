import { CurrentTenancy, IdParam, RequirePlan, type Tenancy } from '@app/platform';
import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';

import { BookingBlockBodyDto, BookingBlockListQueryDto } from './booking-block.dto';
import { BookingBlockService } from './booking-block.service';

/** /schedule-blocks (spec 2): periods closed to appointments. */
@RequirePlan('useSchedules')
@Controller('schedule-blocks')
export class BookingBlockController {
  constructor(private readonly blocks: BookingBlockService) {}

  @Get()
  list(@CurrentTenancy() tenancy: Tenancy, @Query() query: BookingBlockListQueryDto) {
    return this.blocks.list(tenancy, query);
  }

  @Post()
  create(@CurrentTenancy() tenancy: Tenancy, @Body() body: BookingBlockBodyDto) {
    return this.blocks.create(tenancy, body);
  }

  @Put(':id')
  update(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number, @Body() body: BookingBlockBodyDto) {
    return this.blocks.update(tenancy, id, body);
  }

  @Delete(':id')
  delete(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    return this.blocks.delete(tenancy, id);
  }
}
