import { type Invoice, type InvoicePageResponse, INVOICES_PAGE_SIZE } from '@app/contracts';
import type { Tenancy } from '@app/platform';
import { Injectable } from '@nestjs/common';

import { InvoiceRepository, mapInvoice } from './invoice.repository';

/** A company's invoices (Faturas): its admins see them; the roles guard checks the profile. */
@Injectable()
export class InvoiceService {
  constructor(private readonly invoices: InvoiceRepository) {}

  async page(tenancy: Tenancy, searchParam: string, pageNumber: number): Promise<InvoicePageResponse> {
    const { rows, count } = await this.invoices.page(tenancy.companyId, searchParam, pageNumber);
    return { invoices: rows.map(mapInvoice), count, hasMore: count > pageNumber * INVOICES_PAGE_SIZE };
  }

  /** Any company's unpaid invoices, for the platform's operator (the roles guard lets super users only). */
  async openOf(companyId: number): Promise<Invoice[]> {
    return (await this.invoices.openOf(companyId)).map(mapInvoice);
  }
}
