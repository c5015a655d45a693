import { CurrentTenancy, IdParam, Roles, type Tenancy } from '@app/platform';
import { Controller, Get, HttpCode, Post, Query } from '@nestjs/common';

import { InvoicePageQueryDto, OpenInvoicesQueryDto } from './invoice.dto';
import { InvoiceService } from './invoice.service';
import { InvoicePayments } from './invoice-payments';

/** /invoices: the company's invoices, for its admins (spec 1: /financeiro is an admin page). */
@Controller('invoices')
@Roles('admin')
export class InvoiceController {
  constructor(
    private readonly invoices: InvoiceService,
    private readonly payments: InvoicePayments,
  ) {}

  /** GET /invoices/all?searchParam=&pageNumber= → {invoices, count, hasMore}. */
  @Get('all')
  page(@CurrentTenancy() tenancy: Tenancy, @Query() query: InvoicePageQueryDto) {
    return this.invoices.page(tenancy, query.searchParam, query.pageNumber);
  }

  /** GET /invoices/open?companyId=: a company's unpaid invoices, for the companies page's payment confirmation (super users only). */
  @Get('open')
  @Roles('super')
  open(@Query() query: OpenInvoicesQueryDto) {
    return this.invoices.openOf(query.companyId);
  }

  /** POST /invoices/:id/confirm-payment: the platform's operator saw a static-key Pix arrive (super users only; any company's invoice). */
  @Post(':id/confirm-payment')
  @Roles('super')
  @HttpCode(200)
  confirmPayment(@IdParam() id: number) {
    return this.payments.confirm(id);
  }
}
