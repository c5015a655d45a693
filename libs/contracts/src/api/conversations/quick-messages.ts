import { z } from 'zod';

import { QUICK_MESSAGE_MESSAGE_MAX, QUICK_MESSAGE_SHORTCODE_MAX } from './constants';
import { id, isoDateTime, M, pageNumber, searchParam } from './fields';

// ---------------------------------------------------------------------------------------------
// Quick messages
// ---------------------------------------------------------------------------------------------

/**
 * A quick message (spec 2): a shortcode-triggered reply, private to its author or general (geral)
 * for everyone of the company, with at most one attachment (`mediaPath`, `mediaName`, and its type
 * in `mimetype`, which a message sending it needs).
 */
export const quickMessageSchema = z.object({
  id,
  shortcode: z.string(),
  message: z.string(),
  geral: z.boolean(),
  status: z.boolean(),
  isMedia: z.boolean(),
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  mimetype: z.string().nullable(),
  companyId: id,
  userId: id.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type QuickMessage = z.infer<typeof quickMessageSchema>;

const looseFlag = z.preprocess(
  (value) => (value === 'true' || value === '1' || value === 1 ? true : value === 'false' || value === '0' || value === 0 ? false : value),
  z.boolean(),
);

/**
 * POST /quick-messages {shortcode, message, geral, status}: the shortcode is required ('Obrigatório');
 * `geral` is kept only from admins. `isMedia` and `mediaPath` are the attachment's, changed only by
 * the media-upload routes: sent here they are ignored.
 */
export const quickMessageCreateSchema = z.object({
  shortcode: z.string({ error: M.genericRequired }).trim().min(1, M.genericRequired).max(QUICK_MESSAGE_SHORTCODE_MAX, M.genericTooLong),
  message: z.string().max(QUICK_MESSAGE_MESSAGE_MAX, M.genericTooLong).default(''),
  geral: looseFlag.default(false),
  status: looseFlag.default(true),
});
export type QuickMessageCreateBody = z.input<typeof quickMessageCreateSchema>;

/** PUT /quick-messages/{id}: only sent fields change. */
export const quickMessageUpdateSchema = z.object({
  shortcode: quickMessageCreateSchema.shape.shortcode.optional(),
  message: z.string().max(QUICK_MESSAGE_MESSAGE_MAX, M.genericTooLong).optional(),
  geral: looseFlag.optional(),
  status: looseFlag.optional(),
});
export type QuickMessageUpdateBody = z.input<typeof quickMessageUpdateSchema>;

/** GET /quick-messages/?searchParam=&pageNumber= → {records, count, hasMore}: the quick messages screen. */
export const quickMessagePageQuerySchema = z.object({ searchParam, pageNumber });
export const quickMessagePageResponseSchema = z.object({
  records: z.array(quickMessageSchema),
  count: z.number().int().min(0),
  hasMore: z.boolean(),
});
export type QuickMessagePageResponse = z.infer<typeof quickMessagePageResponseSchema>;

/**
 * GET /quick-messages/list?companyId=&userId=: the caller's own and the general active quick
 * messages, by shortcode (the chat's '/' suggestions). The query's ids are the Whaticket web's; the
 * answer is always the caller's, from the token.
 */
export const quickMessageListResponseSchema = z.array(quickMessageSchema);

/** DELETE /quick-messages/{id}. */
export const quickMessageDeleteResponseSchema = z.object({ message: z.string() });

/**
 * `company-{id}-quickemessage` (the Whaticket family's name): a quick message was created, changed or
 * deleted. It names the quick message only, not its text: a private one is not the whole company's
 * to read, so lists load again through the API, which shows each user what they may see.
 */
export const quickMessageSocketPayloadSchema = z.object({
  action: z.enum(['create', 'update', 'delete']),
  id,
});
export type QuickMessageSocketPayload = z.infer<typeof quickMessageSocketPayloadSchema>;
