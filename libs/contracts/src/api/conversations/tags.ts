import { z } from 'zod';

import { TAG_NAME_MAX, TAG_NAME_MIN } from './constants';
import { colour, id, M, pageNumber, searchParam } from './fields';

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

/** A tag as the tags screen shows it: with the number of tickets carrying it and who created it. */
export const tagDetailSchema = tagSchema.extend({
  ticketsCount: z.number().int().min(0),
  userId: id.nullable(),
});
export type TagDetail = z.infer<typeof tagDetailSchema>;

/** Required ('Obrigatório', also when blank), then at least TAG_NAME_MIN ('Mensagem muito curta'). */
const tagName = z
  .string({ error: M.genericRequired })
  .trim()
  .min(1, { error: M.genericRequired, abort: true })
  .min(TAG_NAME_MIN, M.tagTooShort)
  .max(TAG_NAME_MAX, M.genericTooLong);
const kanbanFlag = z.coerce.number().int().min(0).max(1);

/** POST /tags {name, color?, kanban?}; the kanban flag is kept only from admins and supervisors. */
export const tagCreateSchema = z.object({
  name: tagName,
  color: colour.default('#A4CCCC'),
  kanban: kanbanFlag.default(0),
});
export type TagCreateBody = z.input<typeof tagCreateSchema>;

/** PUT /tags/{id}: only sent fields change; the kanban flag is kept only from admins and supervisors. */
export const tagUpdateSchema = z.object({
  name: tagName.optional(),
  color: colour.optional(),
  kanban: kanbanFlag.optional(),
});
export type TagUpdateBody = z.input<typeof tagUpdateSchema>;

/** POST /tags/sync {ticketId, tags}: the ticket's tags become exactly these. */
export const tagSyncSchema = z.object({
  ticketId: id,
  tags: z.array(z.object({ id }).loose()).max(100),
});
export type TagSyncBody = z.infer<typeof tagSyncSchema>;
/** GET /tags/list: every tag of the company, by name. */
export const tagListResponseSchema = z.array(tagSchema);

/** GET /tags/?searchParam=&pageNumber=: the tags screen's page, by name (TAGS_PAGE_SIZE a page). */
export const tagPageQuerySchema = z.object({ searchParam, pageNumber });
export type TagPageQuery = z.input<typeof tagPageQuerySchema>;
export const tagPageResponseSchema = z.object({ tags: z.array(tagDetailSchema), hasMore: z.boolean() });
export type TagPageResponse = z.infer<typeof tagPageResponseSchema>;

/** GET /tags/kanban: the kanban tags (the board's lanes after 'Em aberto'), by name. */
export const tagKanbanResponseSchema = z.object({ lista: z.array(tagSchema) });
export type TagKanbanResponse = z.infer<typeof tagKanbanResponseSchema>;

/** DELETE /tags/{id}. */
export const tagDeleteResponseSchema = z.object({ message: z.string() });

/** `company-{id}-tag`: the tags screen, the kanban lanes and the tag pickers refresh live. */
export const tagSocketPayloadSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('create'), tag: tagSchema }),
  z.object({ action: z.literal('update'), tag: tagSchema }),
  z.object({ action: z.literal('delete'), tagId: id }),
]);
export type TagSocketPayload = z.infer<typeof tagSocketPayloadSchema>;
