import { z } from 'zod';

import type { BillingOptions } from './billing-options';

const optional = <S extends z.ZodType>(schema: S) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** The billing variables every app that runs billing accepts (standalone and the billing app). */
export const billingConfigShape = {
  /** The static Pix key invoices are paid to (CPF, CNPJ, e-mail, phone or random key); unset: no Pix checkout. */
  PIX_KEY: optional(z.string().trim().min(1).max(77)),
  /** The receiver's name and city the payer's bank shows (BR Code fields 59 and 60). */
  PIX_MERCHANT_NAME: optional(z.string().trim().min(1).max(25)),
  PIX_MERCHANT_CITY: optional(z.string().trim().min(1).max(15)),
};

type BillingConfig = z.infer<z.ZodObject<typeof billingConfigShape>>;

export function billingOptionsFrom(config: BillingConfig): Pick<BillingOptions, 'staticPix'> {
  if (!config.PIX_KEY) return {};
  return {
    staticPix: {
      key: config.PIX_KEY,
      merchantName: config.PIX_MERCHANT_NAME ?? 'Zapdesk',
      merchantCity: config.PIX_MERCHANT_CITY ?? 'Sao Paulo',
    },
  };
}
