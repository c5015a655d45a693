import { z } from 'zod';

import type { BillingOptions } from './common/billing-options';

const optional = <S extends z.ZodType>(schema: S) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** The billing variables every app that runs billing accepts (standalone and the billing app). */
export const billingConfigShape = {
  /** The static Pix key invoices are paid to (CPF, CNPJ, e-mail, phone or random key); unset: no Pix checkout. */
  PIX_KEY: optional(z.string().trim().min(1).max(77)),
  /** The receiver's name and city the payer's bank shows (BR Code fields 59 and 60). */
  PIX_MERCHANT_NAME: optional(z.string().trim().min(1).max(25)),
  PIX_MERCHANT_CITY: optional(z.string().trim().min(1).max(15)),
  /** Asaas: set the key and the webhook token to charge through Asaas instead of the static key. */
  ASAAS_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.asaas.com/v3'),
  ASAAS_API_KEY: optional(z.string().trim().min(10)),
  ASAAS_WEBHOOK_TOKEN: optional(z.string().trim().min(16)),
  /** 32+ characters: encrypts the payment settings super users enter; unset, derived from JWT_SECRET. */
  BILLING_KEYS_SECRET: optional(z.string().min(32)),
};

type BillingConfig = z.infer<z.ZodObject<typeof billingConfigShape>>;

/** `jwtSecret` keys the payment settings at rest when BILLING_KEYS_SECRET is unset. */
export function billingOptionsFrom(
  config: BillingConfig,
  jwtSecret?: string,
): Pick<BillingOptions, 'staticPix' | 'asaas' | 'asaasApiUrl' | 'keysSecret'> {
  return {
    asaasApiUrl: config.ASAAS_API_URL,
    keysSecret: config.BILLING_KEYS_SECRET ?? jwtSecret,
    ...(config.PIX_KEY && {
      staticPix: {
        key: config.PIX_KEY,
        merchantName: config.PIX_MERCHANT_NAME ?? 'Zapdesk',
        merchantCity: config.PIX_MERCHANT_CITY ?? 'Sao Paulo',
      },
    }),
    ...(config.ASAAS_API_KEY &&
      config.ASAAS_WEBHOOK_TOKEN && {
        asaas: { apiUrl: config.ASAAS_API_URL, apiKey: config.ASAAS_API_KEY, webhookToken: config.ASAAS_WEBHOOK_TOKEN },
      }),
  };
}
