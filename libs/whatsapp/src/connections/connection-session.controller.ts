import { CurrentTenancy, IdParam, Roles, type Tenancy } from '@app/platform';
import { Controller, Delete, HttpCode, Post, Put } from '@nestjs/common';

import { ConnectionService } from './connection.service';

/** 'Tentar Novamente', 'Novo QR', 'Desconectar' and restart-all: admin only. */
@Controller()
@Roles('admin')
export class ConnectionSessionController {
  constructor(private readonly connections: ConnectionService) {}

  @Post('whatsappsession/:id')
  @HttpCode(200)
  start(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    return this.connections.session(tenancy, id, 'start');
  }

  @Put('whatsappsession/:id')
  newQr(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    return this.connections.session(tenancy, id, 'newQr');
  }

  @Delete('whatsappsession/:id')
  disconnect(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    return this.connections.session(tenancy, id, 'logout');
  }

  @Post('whatsapp-restart')
  @HttpCode(200)
  restartAll(@CurrentTenancy() tenancy: Tenancy) {
    return this.connections.restartAll(tenancy);
  }
}
