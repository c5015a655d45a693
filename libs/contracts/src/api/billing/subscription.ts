import { z } from 'zod';

import { idParamSchema } from '../primitives';
import { invoiceSchema } from './invoices';

// ---------------------------------------------------------------------------------------------
// Checkout (spec 3 "Subscription payload", "Checkout in 3 steps"): the payer's details and the
// invoice to pay; the answer is the Pix to pay it with. The price comes from the invoice on the
// server: `price`, `plan`, `users` and `connections` are what the browser showed, never what is charged.
// ---------------------------------------------------------------------------------------------

/** Spec 3 section 5, checkout step 1. */
export const CHECKOUT_MESSAGES = {
  firstNameRequired: 'O nome completo é obrigatório',
  addressRequired: 'O Endereço é obrigatório',
  cityRequired: 'Cidade é obrigatória',
  zipcodeRequired: 'CEP é obrigatório',
  countryRequired: 'País é obrigatório',
} as const;

export const CHECKOUT_COUNTRIES = ['BR', 'usa'] as const;

const M = CHECKOUT_MESSAGES;
const required = (message: string) => z.string({ error: message }).trim().min(1, { error: message, abort: true }).max(200, message);

/** POST /subscription: the checkout's three steps, sent together with PAGAR. */
export const subscriptionBodySchema = z.object({
  firstName: required(M.firstNameRequired),
  lastName: z.string().trim().max(200).default(''),
  address2: required(M.addressRequired),
  city: required(M.cityRequired),
  state: z.string().trim().max(100).default(''),
  zipcode: required(M.zipcodeRequired),
  country: z.enum(CHECKOUT_COUNTRIES, { error: M.countryRequired }),
  useAddressForPaymentDetails: z.boolean().default(false),
  nameOnCard: z.string().trim().max(200).default(''),
  cardNumber: z.string().trim().max(30).default(''),
  cvv: z.string().trim().max(4).default(''),
  plan: z.unknown().optional(),
  price: z.unknown().optional(),
  users: z.unknown().optional(),
  connections: z.unknown().optional(),
  invoiceId: idParamSchema,
});
export type SubscriptionBody = z.input<typeof subscriptionBodySchema>;
export type SubscriptionFields = z.output<typeof subscriptionBodySchema>;

/**
 * The Pix to pay the invoice with: `qrcode.qrcode` is the BR Code ('copia e cola'), `qrcode.imagemQrcode`
 * its QR image (a PNG data URL), `valor.original` the amount in reais with two decimals (as Pix writes it).
 */
export const subscriptionPixResponseSchema = z.object({
  invoiceId: z.number().int().positive(),
  valor: z.object({ original: z.string().regex(/^\d+\.\d{2}$/) }),
  qrcode: z.object({ qrcode: z.string().min(1), imagemQrcode: z.string().startsWith('data:image/png;base64,') }),
});
export type SubscriptionPixResponse = z.infer<typeof subscriptionPixResponseSchema>;

/** Cents as Pix writes an amount: reais with two decimals ('99.90'). */
export const centsToPixAmount = (cents: number): string => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

// ---------------------------------------------------------------------------------------------
// The expired company's checkout (decision 0053): a login refused with ERR_SUBSCRIPTION_EXPIRED hands
// the company's admin a `checkoutPass`; with it in this header, the login page reads the invoice of
// the expired period and pays it (GET and POST /subscription/expired), nothing else.
// ---------------------------------------------------------------------------------------------

export const CHECKOUT_PASS_HEADER = 'x-checkout-pass';

/** What the refusal of an expired company's admin carries besides its code and due date. */
export const subscriptionExpiredDetailsSchema = z.object({ dueDate: z.string(), checkoutPass: z.string().min(1).optional() });

/**
 * GET /subscription/expired: the company as billing knows it; while `expired`, the invoice of the
 * period that ended (issued now when it was not yet) and the plan card; once paid and renewed,
 * `expired` is false with the new due date (the login works again).
 */
export const expiredCheckoutResponseSchema = z.object({
  company: z.object({ id: z.number().int().positive(), name: z.string(), dueDate: z.string().nullable() }),
  expired: z.boolean(),
  invoice: invoiceSchema.nullable(),
  plan: z.object({ name: z.string(), users: z.number().int().nullable(), connections: z.number().int().nullable() }).nullable(),
});
export type ExpiredCheckoutResponse = z.infer<typeof expiredCheckoutResponseSchema>;
