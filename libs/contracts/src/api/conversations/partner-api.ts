import { z } from 'zod';

import { normalisePhoneNumber } from '../../phone';
import { idOrBlankSchema } from '../primitives';
import { CONTACT_NUMBER_MAX, CONTACT_NUMBER_MIN } from './constants';
import { id, isoDateTime } from './fields';

/**
 * The partner API (decision 0051): API tokens a company admin manages (/api-tokens, a user's JWT and
 * the plan flag useExternalApi) and the public endpoints a partner calls with one of those tokens as
 * `Authorization: Bearer zdk_...` (/messages/send and the message status). The same schemas validate
 * the requests and make the OpenAPI document (/api/openapi.json).
 */

/** Every token starts with it, so a leaked one is recognisable (secret scanners, logs). */
export const API_TOKEN_PREFIX = 'zdk_';
/** `zdk_` and 43 base64url characters (32 random bytes). */
export const API_TOKEN_PATTERN = /^zdk_[A-Za-z0-9_-]{43}$/;
export const API_TOKEN_NAME_MAX = 60;
/** A text sent through the API: WhatsApp's own limit for a message. */
export const PARTNER_MESSAGE_BODY_MAX = 4_096;
/** Multipart `medias`: files per request, and the size of each (WhatsApp's document limit is larger; the API's is this). */
export const PARTNER_MEDIAS_MAX = 5;
export const PARTNER_MEDIA_MAX_BYTES = 16 * 1024 * 1024;
/** How long an Idempotency-Key answers its first result. */
export const IDEMPOTENCY_WINDOW_HOURS = 24;
export const IDEMPOTENCY_KEY_MAX = 255;

// ---------------------------------------------------------------------------------------------
// Tokens (the admin's side, /api-tokens)
// ---------------------------------------------------------------------------------------------

export const apiTokenSchema = z.object({
  id,
  name: z.string(),
  /** The token's first characters (`zdk_AbCd`), to tell tokens apart; the rest is never shown again. */
  preview: z.string(),
  /** The connection the token sends through; null: the company's default connection. */
  whatsappId: id.nullable(),
  createdAt: isoDateTime,
  lastUsedAt: isoDateTime.nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** POST /api-tokens: the token itself, shown this once. */
export const apiTokenCreatedSchema = apiTokenSchema.extend({ token: z.string().regex(API_TOKEN_PATTERN) });
export type ApiTokenCreated = z.infer<typeof apiTokenCreatedSchema>;

export const apiTokenListSchema = z.object({ tokens: z.array(apiTokenSchema) });
export type ApiTokenList = z.infer<typeof apiTokenListSchema>;

export const apiTokenCreateSchema = z.object({
  name: z.string({ error: 'Nome é obrigatório' }).trim().min(1, 'Nome é obrigatório').max(API_TOKEN_NAME_MAX, 'Nome muito longo'),
  /** One connection, or none ('' and null too): the company's default connection at each send. */
  whatsappId: idOrBlankSchema.optional(),
});
export type ApiTokenCreateBody = z.infer<typeof apiTokenCreateSchema>;

// ---------------------------------------------------------------------------------------------
// The public API (a partner's token)
// ---------------------------------------------------------------------------------------------

/** Where a message sent through the API is: its ack read as a word. */
export const PARTNER_MESSAGE_STATUSES = ['pending', 'sent', 'delivered', 'read', 'failed'] as const;
export type PartnerMessageStatus = (typeof PARTNER_MESSAGE_STATUSES)[number];

export const partnerNumber = z
  .string({ error: 'number é obrigatório' })
  .trim()
  .transform(normalisePhoneNumber)
  .pipe(
    z
      .string()
      .min(CONTACT_NUMBER_MIN, 'Número muito curto')
      .max(CONTACT_NUMBER_MAX, 'Número muito longo')
      .regex(/^\d+$/, 'Número inválido'),
  )
  .meta({ description: 'The contact number with country code, digits (5511999998888); +, spaces, brackets and dashes are ignored.' });

/** POST /messages/send as JSON (the Whaticket family's `{ number, body }`). */
export const partnerSendSchema = z.object({
  number: partnerNumber,
  body: z
    .string({ error: 'body é obrigatório' })
    .min(1, 'body é obrigatório')
    .max(PARTNER_MESSAGE_BODY_MAX, 'Mensagem muito longa')
    .refine((text) => text.trim().length > 0, 'body é obrigatório')
    .meta({ description: 'The text to send.' }),
});
export type PartnerSendBody = z.infer<typeof partnerSendSchema>;

/** POST /messages/send as multipart/form-data: `number`, an optional caption `body`, and the files `medias`. */
export const partnerSendMultipartSchema = z.object({
  number: partnerNumber,
  body: z.string().max(PARTNER_MESSAGE_BODY_MAX, 'Mensagem muito longa').default('').meta({ description: 'Caption of the first file.' }),
  medias: z
    .array(z.string().meta({ format: 'binary' }))
    .min(1)
    .max(PARTNER_MEDIAS_MAX)
    .meta({ description: `Up to ${PARTNER_MEDIAS_MAX} files of up to 16 MB each; each is sent as a message of its own.` }),
});

export const partnerMessageSchema = z.object({
  id: id.meta({ description: 'The message id: GET /messages/status/{id} reads its status.' }),
  status: z.enum(PARTNER_MESSAGE_STATUSES),
  ticketId: id
    .nullable()
    .meta({ description: 'The ticket it was sent on; null while the accepted send waits to be sent (status pending).' }),
  number: z.string(),
  body: z.string(),
  mediaType: z.string(),
  createdAt: isoDateTime,
  /** Why WhatsApp refused it, when status is failed. */
  error: z.string().nullable(),
});
export type PartnerMessage = z.infer<typeof partnerMessageSchema>;

/** The send's answer: the Whaticket family's `mensagem` and the messages it created (one, or one per file). */
export const partnerSendResponseSchema = z.object({
  mensagem: z.literal('Mensagem enviada'),
  id: id.meta({ description: 'The (first) message id.' }),
  status: z.enum(PARTNER_MESSAGE_STATUSES),
  messages: z.array(partnerMessageSchema),
});
export type PartnerSendResponse = z.infer<typeof partnerSendResponseSchema>;

/** GET /messages/tags: the company's tags (the Tags tab of /messages-api). */
export const partnerTagSchema = z.object({ id, name: z.string(), color: z.string().meta({ description: 'Hex colour, #RRGGBB.' }) });
export const partnerTagListSchema = z.object({ tags: z.array(partnerTagSchema) });
export type PartnerTagList = z.infer<typeof partnerTagListSchema>;

export const idempotencyKeySchema = z
  .string()
  .trim()
  .min(1)
  .max(IDEMPOTENCY_KEY_MAX, `Idempotency-Key tem no máximo ${IDEMPOTENCY_KEY_MAX} caracteres`)
  .regex(/^[\x21-\x7e]+$/, 'Idempotency-Key: caracteres visíveis ASCII');

/** The acks as a status: 0 clock, 1 and 2 sent, 3 delivered, 4 and 5 read; a send error is failed. */
export function partnerStatusOf(ack: number, sendError: string | null): PartnerMessageStatus {
  if (sendError) return 'failed';
  if (ack >= 4) return 'read';
  if (ack === 3) return 'delivered';
  if (ack >= 1) return 'sent';
  return 'pending';
}
