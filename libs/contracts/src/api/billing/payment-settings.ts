import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// Payment settings (spec 3 settings keys asaas, ipixc, tokenixc, ipmkauth, clientidmkauth,
// clientsecretmkauth; the static Pix key's besides): entered by super users, kept by billing encrypted
// at rest, never answered whole when secret. Unset, the environment's value is used.
// ---------------------------------------------------------------------------------------------

/**
 * Each key: `secret` ones are answered as a hint ('••••1a2b'); `url` ones must be http(s) addresses the
 * outbound URL guard allows; `max` is the longest value.
 */
export const PAYMENT_SETTINGS = {
  /** Asaas's API key (access_token): set, invoices are charged through Asaas. */
  asaas: { secret: true, max: 300 },
  /** The token Asaas sends in the asaas-access-token header of its webhook calls. */
  asaaswebhook: { secret: true, max: 300 },
  /** The static Pix key (CPF, CNPJ, e-mail, phone or random key) and its receiver's name and city. */
  pixkey: { secret: false, max: 77 },
  pixname: { secret: false, max: 25 },
  pixcity: { secret: false, max: 15 },
  /** IXC and MK-AUTH: kept for their integrations. */
  ipixc: { secret: false, max: 300, url: true },
  tokenixc: { secret: true, max: 500 },
  ipmkauth: { secret: false, max: 300, url: true },
  clientidmkauth: { secret: true, max: 300 },
  clientsecretmkauth: { secret: true, max: 500 },
} as const satisfies Record<string, { secret: boolean; max: number; url?: boolean }>;
export type PaymentSettingKey = keyof typeof PAYMENT_SETTINGS;
export const PAYMENT_SETTING_KEYS = Object.keys(PAYMENT_SETTINGS) as PaymentSettingKey[];

export const isPaymentSettingKey = (key: string): key is PaymentSettingKey => key in PAYMENT_SETTINGS;

/** PUT /payment-settings/:key: an empty value removes the setting (the environment's is used again). */
export const paymentSettingUpdateSchema = z.object({ value: z.string().trim().max(500, 'Muito longo!') });
export type PaymentSettingUpdateRequest = z.infer<typeof paymentSettingUpdateSchema>;

export const paymentSettingSchema = z.object({
  key: z.string(),
  /** Where the value in use comes from. */
  source: z.enum(['settings', 'env', 'none']),
  /** The whole value when not secret; a hint of its last characters when secret; '' when none. */
  value: z.string(),
  updatedAt: z.string().nullable(),
});
export type PaymentSetting = z.infer<typeof paymentSettingSchema>;

/** GET /payment-settings (super users): each key, and the provider invoices are charged through now. */
export const paymentSettingsResponseSchema = z.object({
  provider: z.enum(['asaas', 'static-pix', 'none']),
  settings: z.array(paymentSettingSchema),
});
export type PaymentSettingsResponse = z.infer<typeof paymentSettingsResponseSchema>;

/** '••••' and the last 4 characters of a secret long enough to keep 8 hidden; '••••' alone otherwise. */
export const secretHint = (value: string): string => (value.length >= 12 ? `••••${value.slice(-4)}` : '••••');
