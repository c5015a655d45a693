import { Injectable } from '@nestjs/common';

import type { InvoiceRow } from '../invoices/invoice.repository';
import { AsaasClient } from './asaas.client';
import { ChargeRepository } from './charge.repository';
import type { Payer, PaymentProvider, PixCharge } from './payment-provider';

export const ASAAS = 'asaas';

/**
 * Asaas: the company's customer (made once), the invoice's Pix charge (made once; a checkout opened
 * again answers the same charge) and its 'copia e cola' payload. Asaas's webhook confirms the payment.
 */
@Injectable()
export class AsaasProvider implements PaymentProvider {
  readonly name = ASAAS;

  constructor(
    private readonly asaas: AsaasClient,
    private readonly charges: ChargeRepository,
  ) {}

  async pixCharge(invoice: InvoiceRow, payer: Payer): Promise<PixCharge> {
    const existing = await this.charges.chargeOfInvoice(ASAAS, invoice.id);
    if (existing) return { brCode: existing.br_code };
    const customer =
      (await this.charges.customerOf(ASAAS, invoice.company_id)) ??
      (await this.charges.keepCustomer(
        ASAAS,
        invoice.company_id,
        await this.asaas.createCustomer({ name: payer.name, externalReference: `company-${invoice.company_id}` }),
      ));
    const paymentId = await this.asaas.createPixPayment({
      customer,
      value: invoice.value_cents / 100,
      dueDate: invoice.due_date,
      description: invoice.detail,
      externalReference: `invoice-${invoice.id}`,
    });
    const brCode = await this.asaas.pixPayload(paymentId);
    const kept = await this.charges.keepCharge({
      provider: ASAAS,
      payment_id: paymentId,
      invoice_id: invoice.id,
      company_id: invoice.company_id,
      br_code: brCode,
    });
    return { brCode: kept.br_code };
  }
}
