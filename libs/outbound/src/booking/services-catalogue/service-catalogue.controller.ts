import { CurrentTenancy, IdParam, type Tenancy } from '@app/platform';
import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';

import { ServiceBodyDto, ServicePageQueryDto } from './service-catalogue.dto';
import { ServiceCatalogueService } from './service-catalogue.service';

/** /services: the company's services catalogue; every user reads it, admins and supervisors change it. */
@Controller('services')
export class ServiceCatalogueController {
  constructor(private readonly services: ServiceCatalogueService) {}

  @Get()
  page(@CurrentTenancy() tenancy: Tenancy, @Query() query: ServicePageQueryDto) {
    return this.services.page(tenancy, query.searchParam ?? '', query.pageNumber ?? 1);
  }

  @Get('list')
  list(@CurrentTenancy() tenancy: Tenancy) {
    return this.services.list(tenancy);
  }

  @Post()
  create(@CurrentTenancy() tenancy: Tenancy, @Body() body: ServiceBodyDto) {
    return this.services.create(tenancy, body);
  }

  @Put(':id')
  update(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number, @Body() body: ServiceBodyDto) {
    return this.services.update(tenancy, id, body);
  }

  @Delete(':id')
  delete(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    return this.services.delete(tenancy, id);
  }
}
