import { AppError } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { createStaticPix, hasError } from 'pix-utils';

import type { InvoiceRow } from '../invoices/invoice.repository';
import { PaymentAccounts } from '../settings/payment-accounts';
import type { PaymentProvider, PixCharge } from './payment-provider';

/** The transaction id (BR Code field 62-05) of an invoice's Pix: letters and digits only, at most 25. */
export const invoiceTxid = (invoiceId: number): string => `FATURA${invoiceId}`;

/**
 * The static Pix key mode: the BR Code carries the key, the receiver, the invoice's amount and its
 * transaction id; nobody tells billing the money arrived, so an operator confirms the payment by hand.
 */
@Injectable()
export class StaticPixProvider implements PaymentProvider {
  readonly name = 'static-pix';

  constructor(private readonly accounts: PaymentAccounts) {}

  async pixCharge(invoice: InvoiceRow): Promise<PixCharge> {
    const account = await this.accounts.staticPix();
    if (!account) throw new AppError('ERR_SERVICE_UNAVAILABLE', 'No Pix key is configured for payments');
    const pix = createStaticPix({
      merchantName: account.merchantName,
      merchantCity: account.merchantCity,
      pixKey: account.key,
      infoAdicional: `Fatura ${invoice.id}`,
      txid: invoiceTxid(invoice.id),
      transactionAmount: invoice.value_cents / 100,
    });
    if (hasError(pix)) throw new AppError('ERR_SERVICE_UNAVAILABLE', `The Pix key configured cannot make a BR Code: ${pix.message}`);
    return { brCode: pix.toBRCode() };
  }
}
