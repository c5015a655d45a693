import { CurrentTenancy, IdParam, type Tenancy } from '@app/platform';
import { Body, Controller, Delete, Get, Headers, HttpCode, Param, ParseUUIDPipe, Post, Put, Query } from '@nestjs/common';

import { TicketCloseAllDto, TicketCreateDto, TicketListQueryDto, TicketUpdateDto } from './ticket.dto';
import { TicketService } from './ticket.service';

/** The ticket manager's calls; visibility is checked by the service on every one. */
@Controller('tickets')
export class TicketController {
  constructor(private readonly tickets: TicketService) {}

  @Get()
  list(@CurrentTenancy() tenancy: Tenancy, @Query() query: TicketListQueryDto) {
    return this.tickets.list(tenancy, query);
  }

  @Get('u/:uuid')
  byUuid(@CurrentTenancy() tenancy: Tenancy, @Param('uuid', new ParseUUIDPipe()) uuid: string) {
    return this.tickets.get(tenancy, { uuid });
  }

  @Post('closeAll')
  @HttpCode(200)
  closeAll(@CurrentTenancy() tenancy: Tenancy, @Body() body: TicketCloseAllDto) {
    return this.tickets.closeAll(tenancy, { status: body.status ?? 'open', selectedQueueIds: body.selectedQueueIds ?? [] });
  }

  @Get(':id')
  get(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    return this.tickets.get(tenancy, { id });
  }

  @Post()
  create(@CurrentTenancy() tenancy: Tenancy, @Body() body: TicketCreateDto, @Headers('authorization') authorization: string) {
    return this.tickets.create(tenancy, { ...body, status: body.status ?? 'open' }, authorization);
  }

  @Put(':id')
  update(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number, @Body() body: TicketUpdateDto) {
    return this.tickets.update(tenancy, id, body);
  }

  @Delete(':id')
  async delete(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    await this.tickets.delete(tenancy, id);
    return { message: 'ticket deleted' };
  }
}
