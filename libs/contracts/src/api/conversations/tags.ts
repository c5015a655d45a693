import { z } from 'zod';

import { TAG_NAME_MIN } from './constants';
import { colour, id, M } from './fields';

// ---------------------------------------------------------------------------------------------
// Tags
// ---------------------------------------------------------------------------------------------

export const tagSchema = z.object({
  id,
  name: z.string(),
  color: z.string(),
  kanban: z.number().int().min(0).max(1),
  companyId: id,
});
export type Tag = z.infer<typeof tagSchema>;

/** POST /tags {name, color?, kanban?}. */
export const tagCreateSchema = z.object({
  name: z.string({ error: M.genericRequired }).trim().min(TAG_NAME_MIN, M.tagTooShort).max(100, M.genericTooLong),
  color: colour.default('#A4CCCC'),
  kanban: z.coerce.number().int().min(0).max(1).default(0),
});
export type TagCreateBody = z.input<typeof tagCreateSchema>;

/** POST /tags/sync {ticketId, tags}: the ticket's tags become exactly these. */
export const tagSyncSchema = z.object({
  ticketId: id,
  tags: z.array(z.object({ id }).loose()).max(100),
});
export type TagSyncBody = z.infer<typeof tagSyncSchema>;
export const tagListResponseSchema = z.array(tagSchema);
