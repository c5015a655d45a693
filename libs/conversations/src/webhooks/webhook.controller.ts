import {
  webhookDeliveryListQuerySchema,
  webhookEndpointCreateSchema,
  webhookEndpointUpdateSchema,
  webhookSecretRotateSchema,
} from '@app/contracts';
import { CurrentTenancy, IdParam, RequirePlan, Roles, type Tenancy } from '@app/platform';
import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { createZodDto } from 'nestjs-zod';

import { WebhookService } from './webhook.service';

class WebhookEndpointCreateDto extends createZodDto(webhookEndpointCreateSchema) {}
class WebhookEndpointUpdateDto extends createZodDto(webhookEndpointUpdateSchema) {}
class WebhookSecretRotateDto extends createZodDto(webhookSecretRotateSchema) {}
class WebhookDeliveryListQueryDto extends createZodDto(webhookDeliveryListQuerySchema) {}

/** /webhooks: the company admin's webhook endpoints and delivery log (plan flag useExternalApi). */
@Controller('webhooks')
@Roles('admin')
@RequirePlan('useExternalApi')
export class WebhookController {
  constructor(private readonly webhooks: WebhookService) {}

  @Get()
  async list(@CurrentTenancy() tenancy: Tenancy) {
    return { endpoints: await this.webhooks.list(tenancy) };
  }

  /** The secret is in this answer (and a rotation's) only. */
  @Post()
  create(@CurrentTenancy() tenancy: Tenancy, @Body() body: WebhookEndpointCreateDto) {
    return this.webhooks.create(tenancy, body);
  }

  @Get('deliveries')
  deliveries(@CurrentTenancy() tenancy: Tenancy, @Query() query: WebhookDeliveryListQueryDto) {
    return this.webhooks.deliveryLog(tenancy, query);
  }

  @Post('deliveries/:id/redeliver')
  @HttpCode(200)
  redeliver(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    return this.webhooks.redeliver(tenancy, id);
  }

  @Get(':id')
  async one(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    return this.webhooks.one(tenancy, id);
  }

  @Put(':id')
  update(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number, @Body() body: WebhookEndpointUpdateDto) {
    return this.webhooks.update(tenancy, id, body);
  }

  @Post(':id/rotate-secret')
  @HttpCode(200)
  rotate(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number, @Body() body: WebhookSecretRotateDto) {
    return this.webhooks.rotateSecret(tenancy, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    await this.webhooks.remove(tenancy, id);
  }
}
