import { cloudCostsQuerySchema, cloudWindowQuerySchema } from '@app/contracts';
import { CurrentTenancy, IdParam, Roles, type Tenancy } from '@app/platform';
import { Controller, Get, Query } from '@nestjs/common';
import { createZodDto } from 'nestjs-zod';

import { CloudAccountService } from './cloud-account.service';

class CloudWindowQueryDto extends createZodDto(cloudWindowQuerySchema) {}
class CloudCostsQueryDto extends createZodDto(cloudCostsQuerySchema) {}

/** A Cloud API connection's card (admins: it carries the secrets' hints), its templates and a contact's window. */
@Controller()
export class CloudAccountController {
  constructor(private readonly cloud: CloudAccountService) {}

  @Get('whatsapp/:id/cloud')
  @Roles('admin')
  card(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    return this.cloud.card(tenancy, id);
  }

  @Get('whatsapp/:id/cloud/templates')
  templates(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    return this.cloud.templates(tenancy, id);
  }

  @Get('whatsapp/:id/cloud/window')
  window(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number, @Query() query: CloudWindowQueryDto) {
    return this.cloud.window(tenancy, id, query.number);
  }

  @Get('whatsapp-cloud/costs')
  @Roles('admin')
  costs(@CurrentTenancy() tenancy: Tenancy, @Query() query: CloudCostsQueryDto) {
    return this.cloud.costs(tenancy, query.month);
  }
}
