import { type Invoice, invoicePaid } from '@app/contracts';
import { AppError, type NewEvent, OutboxWriter } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { BILLING_OPTIONS, type BillingOptions } from '../common/billing-options';
import { InvoiceRepository, type InvoiceRow, mapInvoice } from './invoice.repository';

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
      const paid = await this.confirmIn(manager, invoiceId);
      if (paid) return paid;
      const current = await this.invoices.findAny(invoiceId);
      if (!current) throw new AppError('ERR_NOT_FOUND', 'Invoice not found');
      return mapInvoice(current);
    });
  }

  /** In the caller's transaction: the invoice paid now, or null when it was paid before (or is unknown). */
  async confirmIn(manager: EntityManager, invoiceId: number): Promise<Invoice | null> {
    const paid = await this.invoices.markPaid(manager, invoiceId, this.now());
    if (!paid) return null;
    const invoice = mapInvoice(paid);
    await this.outbox.add(manager, paidEvent(invoice));
    return invoice;
  }

  /**
   * For a payment applied by one statement (a provider's webhook): the time it is paid at, and the
   * event announcing the open invoice `row` paid then, as that statement leaves it.
   */
  paying(row: InvoiceRow): { paidAt: Date; event: NewEvent<typeof invoicePaid> } {
    const paidAt = this.now();
    return { paidAt, event: paidEvent({ ...mapInvoice(row), status: 'paid', paidAt: paidAt.toISOString() }) };
  }
}

const paidEvent = (invoice: Invoice): NewEvent<typeof invoicePaid> => ({
  definition: invoicePaid,
  companyId: invoice.companyId,
  key: invoice.companyId,
  payload: { invoice },
});
