import { CurrentTenancy, Roles, type Tenancy } from '@app/platform';
import { Controller, Get, Query } from '@nestjs/common';

import { DashboardQueryDto } from './dashboard.dto';
import { DashboardService } from './dashboard.service';

/** The admin dashboard at / (issue 13): admins only (403 ERR_NO_PERMISSION otherwise), of their own company. */
@Controller('dashboard')
@Roles('admin')
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get()
  get(@CurrentTenancy() tenancy: Tenancy, @Query() query: DashboardQueryDto) {
    return this.dashboard.get(tenancy, query);
  }
}
