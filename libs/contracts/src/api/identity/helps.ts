import { z } from 'zod';

import { isoDateTime, M, positiveId } from './fields';

// ---------------------------------------------------------------------------------------------
// Helps
// ---------------------------------------------------------------------------------------------

export const helpResponseSchema = z.object({
  id: positiveId,
  title: z.string(),
  description: z.string(),
  /** A video code (e.g. a YouTube id). */
  video: z.string(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type HelpResponse = z.infer<typeof helpResponseSchema>;
export const helpCreateSchema = z.object({
  title: z.string({ error: M.genericRequired }).trim().min(1, M.genericRequired).max(120, M.genericTooLong),
  description: z.string().trim().max(2_000, M.genericTooLong).default(''),
  video: z.string().trim().max(200, M.genericTooLong).default(''),
});
export type HelpCreateRequest = z.input<typeof helpCreateSchema>;
export const helpUpdateSchema = helpCreateSchema.partial();
export type HelpUpdateRequest = z.input<typeof helpUpdateSchema>;
/** GET /helps?searchParam=&pageNumber= answers a page; GET /helps/list the bare array. */
export const helpPageResponseSchema = z.object({
  helps: z.array(helpResponseSchema),
  count: z.number().int(),
  hasMore: z.boolean(),
});
export const helpListResponseSchema = z.array(helpResponseSchema);
