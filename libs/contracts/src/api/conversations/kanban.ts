import { z } from 'zod';

import { idListQuerySchema, idParamSchema } from '../primitives';
import { ticketStatusSchema } from './constants';
import { id, isoDateTime } from './fields';

// ---------------------------------------------------------------------------------------------
// Kanban (spec 2: tags and kanban)
// ---------------------------------------------------------------------------------------------

/** A card of the board: ticket number, contact name and number, last message, its tags. */
export const kanbanTicketSchema = z.object({
  id,
  uuid: z.string(),
  status: ticketStatusSchema,
  lastMessage: z.string(),
  updatedAt: isoDateTime,
  queueId: id.nullable(),
  userId: id.nullable(),
  contact: z.object({ id, name: z.string(), number: z.string().nullable(), profilePicUrl: z.string() }),
  tags: z.array(z.object({ id, name: z.string(), color: z.string(), kanban: z.number().int() })),
});
export type KanbanTicket = z.infer<typeof kanbanTicketSchema>;

/**
 * GET /ticket/kanban?queueIds=[..]&tagId=&nextUpdatedAt=&nextTicketId=: one page of one lane of the
 * board, the live (open and pending) tickets the caller may see, most recent first. Without `tagId`
 * the lane is 'Em aberto' (no kanban tag); with it, the kanban tag's lane. `queueIds` (the user's
 * queues) narrows to those queues and tickets without a queue. Pages go by the keyset cursor of the
 * previous page's last card.
 */
export const kanbanQuerySchema = z
  .object({
    queueIds: idListQuerySchema,
    tagId: idParamSchema.optional(),
    nextUpdatedAt: z.iso.datetime({ offset: true, message: 'nextUpdatedAt must be an ISO date-time' }).optional(),
    nextTicketId: idParamSchema.optional(),
  })
  .refine((query) => (query.nextUpdatedAt === undefined) === (query.nextTicketId === undefined), {
    message: 'nextUpdatedAt and nextTicketId go together',
    path: ['nextTicketId'],
  });
export type KanbanQuery = z.infer<typeof kanbanQuerySchema>;
export const kanbanResponseSchema = z.object({
  tickets: z.array(kanbanTicketSchema),
  hasMore: z.boolean(),
  nextUpdatedAt: z.string().nullable(),
  nextTicketId: z.number().int().nullable(),
});
export type KanbanResponse = z.infer<typeof kanbanResponseSchema>;

/** PUT /ticket-tags/{ticketId}/{tagId} and DELETE /ticket-tags/{ticketId} answer the card as it now is. */
export const ticketTagResponseSchema = kanbanTicketSchema;

export const KANBAN_PAGE_SIZE = 20;
