import { revenueQuerySchema } from '@app/contracts';
import { Roles } from '@app/platform';
import { Controller, Get, Query } from '@nestjs/common';
import { createZodDto } from 'nestjs-zod';

import { RevenueService } from './revenue.service';

class RevenueQueryDto extends createZodDto(revenueQuerySchema) {}

/** /invoices/revenue: every company's invoices summed, for the platform's operator (super users only). */
@Controller('invoices/revenue')
@Roles('super')
export class RevenueController {
  constructor(private readonly revenue: RevenueService) {}

  /** GET /invoices/revenue?months=12 → {from, to, months, plans, totals}. */
  @Get()
  summary(@Query() query: RevenueQueryDto) {
    return this.revenue.summary(query.months);
  }
}
