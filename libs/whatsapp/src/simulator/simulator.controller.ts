import {
  simulatorAckSchema,
  simulatorContactsSchema,
  simulatorInboundBurstSchema,
  simulatorInboundSchema,
  simulatorUnregisteredSchema,
} from '@app/contracts';
import { CurrentTenancy, IdParam, Roles, type Tenancy } from '@app/platform';
import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

import { SimulatorControlService } from './simulator-control.service';

class SimulatorInboundDto extends createZodDto(simulatorInboundSchema) {}
class SimulatorInboundBurstDto extends createZodDto(simulatorInboundBurstSchema) {}
class SimulatorAckDto extends createZodDto(simulatorAckSchema) {}
class SimulatorUnregisteredDto extends createZodDto(simulatorUnregisteredSchema) {}
class SimulatorContactsDto extends createZodDto(simulatorContactsSchema) {}
class SimulatorScanDto extends createZodDto(
  z.object({
    number: z
      .string()
      .regex(/^\d{8,15}$/)
      .optional(),
  }),
) {}

/** The fake phone's control API: an admin of the connection's company, only when SIMULATOR_ENABLED. */
@Controller('simulator')
export class SimulatorController {
  constructor(private readonly simulator: SimulatorControlService) {}

  @Get('status')
  status() {
    return { enabled: this.simulator.enabled };
  }

  @Post('connections/:id/scan')
  @Roles('admin')
  @HttpCode(200)
  scan(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number, @Body() body: SimulatorScanDto) {
    return this.simulator.scan(tenancy, id, body?.number);
  }

  @Post('connections/:id/inbound')
  @Roles('admin')
  @HttpCode(200)
  inbound(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number, @Body() body: SimulatorInboundDto) {
    return this.simulator.inbound(tenancy, id, body);
  }

  @Post('connections/:id/inbound/burst')
  @Roles('admin')
  @HttpCode(200)
  inboundBurst(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number, @Body() body: SimulatorInboundBurstDto) {
    return this.simulator.inboundBurst(tenancy, id, body.messages);
  }

  @Get('connections/:id/outbound')
  @Roles('admin')
  outbound(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    return this.simulator.outbound(tenancy, id);
  }

  @Post('connections/:id/ack')
  @Roles('admin')
  @HttpCode(200)
  ack(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number, @Body() body: SimulatorAckDto) {
    return this.simulator.ack(tenancy, id, body);
  }

  @Post('connections/:id/unregistered')
  @Roles('admin')
  @HttpCode(200)
  unregistered(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number, @Body() body: SimulatorUnregisteredDto) {
    return this.simulator.unregistered(tenancy, id, body);
  }

  @Post('connections/:id/contacts')
  @Roles('admin')
  @HttpCode(200)
  contacts(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number, @Body() body: SimulatorContactsDto) {
    return this.simulator.contacts(tenancy, id, body);
  }

  @Post('connections/:id/disconnect')
  @Roles('admin')
  @HttpCode(200)
  disconnect(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    return this.simulator.disconnect(tenancy, id);
  }
}
