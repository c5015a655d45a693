import { z } from 'zod';

/**
 * The official WhatsApp Cloud API as a connection provider (`provider: 'cloud'`): the credentials a
 * connection is saved with, what its card shows, the number's message templates and the 24-hour
 * customer-service window. Meta's webhook calls reach `/api/whatsapp-cloud/webhook/{webhookKey}`.
 */

/** The path under /api that Meta calls (GET verification, POST events); the connection's key follows it. */
export const CLOUD_WEBHOOK_PATH = 'whatsapp-cloud/webhook';

const digits = (what: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{5,30}$/, `${what}: só dígitos, como aparece no painel da Meta`);

/**
 * What a Cloud API connection needs. On an edit a secret sent back as the card showed it (the hint,
 * SECRET_MASK and its last 4 characters) keeps the stored one.
 */
export const cloudCredentialsSchema = z.object({
  phoneNumberId: digits('Identificação do número de telefone'),
  wabaId: digits('Identificação da conta do WhatsApp Business'),
  accessToken: z.string().trim().min(8, 'Muito curto!').max(1_000, 'Muito grande!'),
  appSecret: z.string().trim().min(8, 'Muito curto!').max(200, 'Muito grande!'),
  verifyToken: z.string().trim().min(8, 'Muito curto!').max(200, 'Muito grande!'),
});
export type CloudCredentialsBody = z.infer<typeof cloudCredentialsSchema>;

export const CLOUD_QUALITY_RATINGS = ['GREEN', 'YELLOW', 'RED', 'UNKNOWN'] as const;

/** GET /whatsapp/{id}/cloud: the card of a Cloud API connection (secrets as hints, admins only). */
export const cloudAccountSchema = z.object({
  connectionId: z.number().int().positive(),
  phoneNumberId: z.string(),
  wabaId: z.string(),
  accessToken: z.string(),
  appSecret: z.string(),
  verifyToken: z.string(),
  /** Appended to this installation's origin, the callback URL to paste in Meta's app settings. */
  webhookPath: z.string(),
  displayPhoneNumber: z.string(),
  verifiedName: z.string(),
  qualityRating: z.string(),
  /** Meta's messaging_limit_tier (TIER_250, TIER_1K, ... TIER_UNLIMITED); '' before the first check. */
  messagingTier: z.string(),
  graphVersion: z.string(),
  checkedAt: z.iso.datetime({ offset: true }).nullable(),
  /** What Meta answered the last check with, in plain words; '' when it passed. */
  checkError: z.string(),
});
export type CloudAccount = z.infer<typeof cloudAccountSchema>;

/** One approved (or pending) message template of the business account. */
export const cloudTemplateSchema = z.object({
  name: z.string(),
  language: z.string(),
  status: z.string(),
  category: z.string(),
  /** The body's text with its {{1}}, {{2}} ... placeholders. */
  body: z.string(),
  /** How many variables the body takes ({{1}} ... {{n}}). */
  bodyVariables: z.number().int().min(0),
  /** How many variables a text header takes (0 or 1). */
  headerVariables: z.number().int().min(0),
});
export type CloudTemplate = z.infer<typeof cloudTemplateSchema>;
export const cloudTemplateListSchema = z.array(cloudTemplateSchema);

/** GET /whatsapp/{id}/cloud/window?number=: whether free-form messages can reach the contact now. */
export const cloudWindowQuerySchema = z.object({ number: z.string().regex(/^\d{8,15}$/, 'número: 8 a 15 dígitos') });
export const cloudWindowSchema = z.object({
  open: z.boolean(),
  /** When the window closes (24 hours after the customer's last message); null when it is closed. */
  closesAt: z.iso.datetime({ offset: true }).nullable(),
});
export type CloudWindow = z.infer<typeof cloudWindowSchema>;

export const CLOUD_PRICING_CATEGORIES = [
  'marketing',
  'utility',
  'service',
  'authentication',
  'authentication_international',
  'referral_conversion',
] as const;

/** GET /whatsapp-cloud/costs?month=YYYY-MM: the conversations Meta billed the company for, by category. */
export const cloudCostsQuerySchema = z.object({ month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'mês: AAAA-MM') });
export const cloudCostsSchema = z.array(
  z.object({ category: z.string(), conversations: z.number().int().min(0), billable: z.number().int().min(0) }),
);
export type CloudCosts = z.infer<typeof cloudCostsSchema>;
