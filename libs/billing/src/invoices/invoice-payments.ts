import { type Invoice, invoicePaid } from '@app/contracts';
import { AppError, OutboxWriter } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';

import { BILLING_OPTIONS, type BillingOptions } from '../billing-options';
import { InvoiceRepository, mapInvoice } from './invoice.repository';

/**
 * A payment confirmed (by the operator for the static Pix key, by a provider's webhook next): the
 * invoice is paid and `billing.invoice.paid` announced in the same transaction, once; a second
 * confirmation of the same invoice changes nothing and announces nothing.
 */
@Injectable()
export class InvoicePayments {
  private readonly now: () => Date;

  constructor(
    private readonly invoices: InvoiceRepository,
    private readonly outbox: OutboxWriter,
    @Inject(BILLING_OPTIONS) options: BillingOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  /** Returns the invoice as it is now, paid by this call or before. */
  async confirm(invoiceId: number): Promise<Invoice> {
    return this.invoices.transaction(async (manager) => {
      const paid = await this.invoices.markPaid(manager, invoiceId, this.now());
      if (paid) {
        const invoice = mapInvoice(paid);
        await this.outbox.add(manager, {
          definition: invoicePaid,
          companyId: invoice.companyId,
          key: invoice.companyId,
          payload: { invoice },
        });
        return invoice;
      }
      const current = await this.invoices.findAny(invoiceId);
      if (!current) throw new AppError('ERR_NOT_FOUND', 'Invoice not found');
      return mapInvoice(current);
    });
  }
}
