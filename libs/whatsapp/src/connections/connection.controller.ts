import { CurrentTenancy, IdParam, Roles, type Tenancy } from '@app/platform';
import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';

import { ConnectionCreateDto, ConnectionListQueryDto, ConnectionUpdateDto } from './connection.dto';
import { ConnectionService } from './connection.service';

/** GET /whatsapp/ is open to every user of the company (ticket dialogs list connections); changes need an admin. */
@Controller('whatsapp')
export class ConnectionController {
  constructor(private readonly connections: ConnectionService) {}

  @Get()
  list(@CurrentTenancy() tenancy: Tenancy, @Query() query: ConnectionListQueryDto) {
    return this.connections.list(tenancy, query);
  }

  @Get('default')
  getDefault(@CurrentTenancy() tenancy: Tenancy) {
    return this.connections.getDefault(tenancy);
  }

  @Get(':id')
  get(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    return this.connections.get(tenancy, id);
  }

  @Post()
  @Roles('admin')
  create(@CurrentTenancy() tenancy: Tenancy, @Body() body: ConnectionCreateDto) {
    return this.connections.create(tenancy, body);
  }

  @Put(':id')
  @Roles('admin')
  update(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number, @Body() body: ConnectionUpdateDto) {
    return this.connections.update(tenancy, id, body);
  }

  @Delete(':id')
  @Roles('admin')
  delete(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    return this.connections.delete(tenancy, id);
  }
}
