import { Injectable } from '@nestjs/common';
import { z } from 'zod';

import { InvoicePayments } from '../invoices/invoice-payments';
import { ASAAS } from './asaas.provider';
import { ChargeRepository } from './charge.repository';

/** Asaas's events that mean the money arrived. */
const PAID_EVENTS = new Set(['PAYMENT_RECEIVED', 'PAYMENT_CONFIRMED']);

/**
 * Applies an Asaas event once: its id is recorded with its effect, so a repeated call changes nothing;
 * a payment of a charge billing did not make (forged, or another system's) is ignored.
 */
/** What billing reads of an Asaas webhook call: the event's id and kind, and the payment it is about. */
export const asaasWebhookSchema = z.object({
  id: z.string().min(1).max(200),
  event: z.string().min(1).max(100),
  payment: z
    .object({ id: z.string().min(1).max(200) })
    .loose()
    .optional(),
});

@Injectable()
export class AsaasWebhook {
  constructor(
    private readonly charges: ChargeRepository,
    private readonly payments: InvoicePayments,
  ) {}

  async apply(event: z.output<typeof asaasWebhookSchema>): Promise<void> {
    if (!PAID_EVENTS.has(event.event) || !event.payment) return;
    const paymentId = event.payment.id;
    await this.charges.transaction(async (manager) => {
      if (!(await this.charges.firstDelivery(manager, ASAAS, event.id))) return;
      const charge = await this.charges.chargeOfPayment(manager, ASAAS, paymentId);
      if (charge) await this.payments.confirmIn(manager, charge.invoice_id);
    });
  }
}
