import { centsToPixAmount, type SubscriptionFields, type SubscriptionPixResponse } from '@app/contracts';
import { AppError } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { toDataURL } from 'qrcode';

import { InvoiceRepository } from '../invoices/invoice.repository';
import { PaymentProviders } from '../payments/payment-providers';

/**
 * PAGAR: the Pix for one of the company's open invoices. The amount is the invoice's, as issued from
 * the plan on the server; what the browser says of the plan and its price is not read.
 */
@Injectable()
export class CheckoutService {
  constructor(
    private readonly invoices: InvoiceRepository,
    private readonly providers: PaymentProviders,
  ) {}

  /** The company's: its admin's session, or the pass its refused login handed the admin. */
  async pay(companyId: number, body: SubscriptionFields): Promise<SubscriptionPixResponse> {
    const invoice = await this.invoices.find(companyId, body.invoiceId);
    if (!invoice) throw new AppError('ERR_NOT_FOUND', 'Invoice not found');
    if (invoice.status === 'paid')
      throw new AppError('ERR_VALIDATION', 'This invoice is paid already', { fields: [{ path: 'invoiceId', message: 'Fatura já paga' }] });
    const charge = await (
      await this.providers.current()
    ).pixCharge(invoice, {
      name: `${body.firstName} ${body.lastName}`.trim(),
      address: body.address2,
      city: body.city,
      state: body.state,
      zipcode: body.zipcode,
      country: body.country,
    });
    return {
      invoiceId: invoice.id,
      valor: { original: centsToPixAmount(invoice.value_cents) },
      qrcode: { qrcode: charge.brCode, imagemQrcode: await toDataURL(charge.brCode, { errorCorrectionLevel: 'M', margin: 1 }) },
    };
  }
}
