import { CurrentTenancy, Roles, type Tenancy } from '@app/platform';
import { Controller, Get, Query } from '@nestjs/common';

import { InvoicePageQueryDto } from './invoice.dto';
import { InvoiceService } from './invoice.service';

/** /invoices: the company's invoices, for its admins (spec 1: /financeiro is an admin page). */
@Controller('invoices')
@Roles('admin')
export class InvoiceController {
  constructor(private readonly invoices: InvoiceService) {}

  /** GET /invoices/all?searchParam=&pageNumber= → {invoices, count, hasMore}. */
  @Get('all')
  page(@CurrentTenancy() tenancy: Tenancy, @Query() query: InvoicePageQueryDto) {
    return this.invoices.page(tenancy, query.searchParam, query.pageNumber);
  }
}
