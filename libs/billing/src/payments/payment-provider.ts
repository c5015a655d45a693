import type { InvoiceRow } from '../invoices/invoice.repository';

/** Who pays: the checkout's first step. */
export interface Payer {
  name: string;
  address: string;
  city: string;
  state: string;
  zipcode: string;
  country: string;
}

/** A Pix charge for an invoice: the BR Code the payer copies or scans. */
export interface PixCharge {
  brCode: string;
}

/** Where invoices are paid (a static Pix key confirmed by hand, or a payment provider's charges). */
export interface PaymentProvider {
  readonly name: string;
  pixCharge(invoice: InvoiceRow, payer: Payer): Promise<PixCharge>;
}
