import { advanceDueDate, companyUpdated, type EventEnvelope, invoicePaid, TOPICS } from '@app/contracts';
import { type EventConsumer, OutboxWriter, ProcessedEventRepository, readEvent } from '@app/platform';
import { Injectable } from '@nestjs/common';

import { CompanyRenewalRepository } from './company-renewal.repository';

export const INVOICE_PAID_CONSUMER = 'identity-invoice-paid';

/**
 * Billing owns invoices, identity the due date: a paid invoice moves its company's due date on by the
 * invoice's recurrence, from the due date it paid, and announces the company (which reopens its login
 * and its sessions). A repeated event, or one for a period already renewed, changes nothing.
 */
@Injectable()
export class InvoicePaidConsumer implements EventConsumer {
  readonly subscription = { groupId: INVOICE_PAID_CONSUMER, topics: [TOPICS.billingEvents], eventTypes: [invoicePaid.type] };

  constructor(
    private readonly processed: ProcessedEventRepository,
    private readonly renewals: CompanyRenewalRepository,
    private readonly outbox: OutboxWriter,
  ) {}

  async handle(envelope: EventEnvelope): Promise<void> {
    const invoice = readEvent(invoicePaid, envelope)?.invoice;
    if (!invoice) return;
    await this.processed.consumeOnce(INVOICE_PAID_CONSUMER, envelope, async (manager) => {
      const next = advanceDueDate(invoice.dueDate, invoice.recurrence);
      const company = await this.renewals.renew(manager, invoice.companyId, invoice.dueDate, next);
      if (company)
        await this.outbox.add(manager, { definition: companyUpdated, companyId: company.id, key: company.id, payload: { company } });
    });
  }
}
