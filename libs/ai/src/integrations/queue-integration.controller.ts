import { CurrentTenancy, IdParam, RequirePlan, Roles, type Tenancy } from '@app/platform';
import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';

import {
  QueueIntegrationCreateDto,
  QueueIntegrationSearchDto,
  QueueIntegrationTestSessionDto,
  QueueIntegrationUpdateDto,
} from './queue-integration.dto';
import { QueueIntegrationService } from './queue-integration.service';

/**
 * /queueIntegration: a company whose plan has useIntegrations (403 ERR_PLAN_FEATURE_DISABLED
 * otherwise). Every user reads them; admins create, change, test and delete them.
 */
@Controller('queueIntegration')
@RequirePlan('useIntegrations')
export class QueueIntegrationController {
  constructor(private readonly integrations: QueueIntegrationService) {}

  /** GET /queueIntegration?searchParam=&pageNumber= → {queueIntegrations, count, hasMore}, 20 a page. */
  @Get()
  page(@CurrentTenancy() tenancy: Tenancy, @Query() query: QueueIntegrationSearchDto) {
    return this.integrations.page(tenancy, query);
  }

  /** POST /queueIntegration/testSession → {success, error, message}. */
  @Post('testSession')
  @HttpCode(200)
  @Roles('admin')
  testSession(@CurrentTenancy() tenancy: Tenancy, @Body() body: QueueIntegrationTestSessionDto) {
    return this.integrations.testSession(tenancy, body);
  }

  @Get(':id')
  get(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    return this.integrations.get(tenancy, id);
  }

  @Post()
  @Roles('admin')
  create(@CurrentTenancy() tenancy: Tenancy, @Body() body: QueueIntegrationCreateDto) {
    return this.integrations.create(tenancy, body);
  }

  @Put(':id')
  @Roles('admin')
  update(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number, @Body() body: QueueIntegrationUpdateDto) {
    return this.integrations.update(tenancy, id, body);
  }

  @Delete(':id')
  @Roles('admin')
  delete(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    return this.integrations.delete(tenancy, id);
  }
}
