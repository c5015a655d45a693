import { Injectable } from '@nestjs/common';
import { z } from 'zod';

import { InvoicePayments } from '../invoices/invoice-payments';
import { ASAAS } from './asaas.provider';
import { ChargeRepository } from './charge.repository';

/** Asaas's events that mean the money arrived. */
const PAID_EVENTS = new Set(['PAYMENT_RECEIVED', 'PAYMENT_CONFIRMED']);

/** What billing reads of an Asaas webhook call: the event's id and kind, and the payment it is about. */
export const asaasWebhookSchema = z.object({
  id: z.string().min(1).max(200),
  event: z.string().min(1).max(100),
  payment: z
    .object({ id: z.string().min(1).max(200) })
    .loose()
    .optional(),
});

/**
 * Applies an Asaas event once, without a transaction: one read (the payment's invoice, and whether the
 * event was applied), then, for an open invoice, one statement that records the event, pays the
 * invoice and announces it together (ChargeRepository.payOnce). A repeated event costs the read only;
 * two deliveries racing, or two events of one payment (PAYMENT_CONFIRMED and PAYMENT_RECEIVED, in any
 * order), pay and announce it once. A payment of a charge billing did not make (forged, or another
 * system's) is ignored.
 */
@Injectable()
export class AsaasWebhook {
  constructor(
    private readonly charges: ChargeRepository,
    private readonly payments: InvoicePayments,
  ) {}

  async apply(event: z.output<typeof asaasWebhookSchema>): Promise<void> {
    if (!PAID_EVENTS.has(event.event) || !event.payment) return;
    const found = await this.charges.paymentOf(ASAAS, event.id, event.payment.id);
    if (!found || found.applied || found.invoice.status !== 'open') return;
    const { paidAt, event: paid } = this.payments.paying(found.invoice);
    await this.charges.payOnce(ASAAS, event.id, found.invoice.id, paidAt, paid);
  }
}
