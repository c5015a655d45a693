import { z } from 'zod';

import { idListQuerySchema, idParamSchema } from '../primitives';
import { ticketStatusSchema } from './constants';
import { contactRefSchema } from './contacts';
import { booleanQuery, dateOnly, id, isoDateTime, pageNumber, searchParam } from './fields';
import { queueRefSchema } from './queues';
import { tagSchema } from './tags';

// ---------------------------------------------------------------------------------------------
// Tickets
// ---------------------------------------------------------------------------------------------

export const ticketSchema = z.object({
  id,
  uuid: z.uuid(),
  status: ticketStatusSchema,
  userId: id.nullable(),
  user: z.object({ id, name: z.string() }).nullable(),
  queueId: id.nullable(),
  queue: queueRefSchema.nullable(),
  whatsappId: id,
  whatsapp: z.object({ id, name: z.string() }).nullable(),
  contactId: id,
  contact: contactRefSchema,
  companyId: id,
  lastMessage: z.string(),
  unreadMessages: z.number().int().min(0),
  isGroup: z.boolean(),
  chatbot: z.boolean(),
  /** composing or recording while the contact types or records; null otherwise. */
  presence: z.enum(['composing', 'recording']).nullable(),
  tags: z.array(tagSchema.pick({ id: true, name: true, color: true })),
  useIntegration: z.boolean(),
  promptId: id.nullable(),
  integrationId: id.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Ticket = z.infer<typeof ticketSchema>;

/**
 * GET /tickets. `status` filters one state; `showAll` (permitted roles only) lifts the "mine or
 * pending" rule of the Open tab; `queueIds` narrows to those queues (always within the user's own
 * queues unless admin or supervisor); `date` and `updatedAt` pick one day (YYYY-MM-DD) of creation or
 * of last update; `tags` and `users` narrow to tickets carrying any of those tags or assigned to any of
 * those users; `withUnreadMessages` keeps tickets with unread messages only.
 */
/**
 * GET /tickets. Pages go by a keyset cursor, as the Whaticket family's newer forks send it: the
 * `nextUpdatedAt` and `nextTicketId` the previous page answered (the last row's updatedAt and id);
 * `pageNumber` still works for older integrations.
 */
export const ticketListQuerySchema = z
  .object({
    searchParam: searchParam.transform((value) => value.toLowerCase()),
    pageNumber,
    nextUpdatedAt: z.iso.datetime({ offset: true, message: 'nextUpdatedAt must be an ISO date-time' }).optional(),
    nextTicketId: idParamSchema.optional(),
    status: ticketStatusSchema.optional(),
    date: dateOnly.optional(),
    updatedAt: dateOnly.optional(),
    showAll: booleanQuery,
    withUnreadMessages: booleanQuery,
    queueIds: idListQuerySchema,
    tags: idListQuerySchema,
    users: idListQuerySchema,
  })
  .refine((query) => (query.nextUpdatedAt === undefined) === (query.nextTicketId === undefined), {
    message: 'nextUpdatedAt and nextTicketId go together',
    path: ['nextTicketId'],
  });
export type TicketListQuery = z.infer<typeof ticketListQuerySchema>;
/** The cursor of the next page (null on the last one). */
/**
 * A ticket of the list; in a search's answer, `matchedMessageId` names the newest message whose text
 * holds the term when the ticket was found by a message (null when found by its contact or number),
 * for the chat to open at it (GET /messages/{ticketId}?aroundId=).
 */
export const ticketListItemSchema = ticketSchema.extend({ matchedMessageId: z.number().int().nullable().optional() });
export type TicketListItem = z.infer<typeof ticketListItemSchema>;
export const ticketListResponseSchema = z.object({
  tickets: z.array(ticketListItemSchema),
  hasMore: z.boolean(),
  nextUpdatedAt: z.string().nullable(),
  nextTicketId: z.number().int().nullable(),
});
export type TicketListResponse = z.infer<typeof ticketListResponseSchema>;

/** POST /tickets: creating from a contact opens the ticket for the caller. */
export const ticketCreateSchema = z.object({
  contactId: id,
  queueId: id.nullable().optional(),
  whatsappId: id.nullable().optional(),
  userId: id.nullable().optional(),
  status: ticketStatusSchema.default('open'),
});
export type TicketCreateBody = z.input<typeof ticketCreateSchema>;
export const ticketCreateResponseSchema = ticketSchema;

/**
 * PUT /tickets/{id}: the spec's transitions (accept, return, resolve, reopen, transfer). A queue
 * chosen without a user (transfer) makes the ticket pending and clears its user.
 */
export const ticketUpdateSchema = z.object({
  status: ticketStatusSchema.optional(),
  userId: id.nullable().optional(),
  queueId: id.nullable().optional(),
  whatsappId: id.optional(),
  useIntegration: z.boolean().optional(),
  promptId: id.nullable().optional(),
  integrationId: id.nullable().optional(),
});
export type TicketUpdateBody = z.infer<typeof ticketUpdateSchema>;

/** POST /tickets/closeAll {status, selectedQueueIds}: closes the company's tickets in that status of those queues. */
export const ticketCloseAllSchema = z.object({
  status: z.enum(['pending', 'open']).default('open'),
  selectedQueueIds: z.array(id).max(500).default([]),
});
export type TicketCloseAllBody = z.input<typeof ticketCloseAllSchema>;
export const ticketCloseAllResponseSchema = z.object({ closed: z.number().int().min(0) });

/** DELETE /tickets/{id}: `{ message: 'ticket deleted' }`. */
export const ticketDeleteResponseSchema = z.object({ message: z.string() });

/** POST /tags/sync answers the ticket with its tags as they now are (here, as tags.ts cannot import tickets.ts). */
export const tagSyncResponseSchema = ticketSchema;

/**
 * The body of 409 ERR_OTHER_OPEN_TICKET when the caller may see the contact's open ticket: who holds
 * it, and its id and uuid when it is the caller's own (the dialog opens it). When the ticket is hidden
 * from the caller the body is only `{ error, message }`, which this schema does not match.
 */
export const otherOpenTicketErrorSchema = z.object({
  error: z.literal('ERR_OTHER_OPEN_TICKET'),
  message: z.string(),
  ticketId: id.optional(),
  uuid: z.uuid().optional(),
  userId: id.nullable(),
  userName: z.string().nullable(),
  queueName: z.string().nullable(),
});
export type OtherOpenTicketError = z.infer<typeof otherOpenTicketErrorSchema>;

// ---------------------------------------------------------------------------------------------
// Socket payloads
// ---------------------------------------------------------------------------------------------

/** `company-{id}-ticket`. */
export const ticketSocketPayloadSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('update'), ticket: ticketSchema }),
  /** The ticket's unread count went back to 0 (someone read it). */
  z.object({ action: z.literal('updateUnread'), ticketId: id }),
  z.object({ action: z.literal('delete'), ticketId: id }),
]);
export type TicketSocketPayload = z.infer<typeof ticketSocketPayloadSchema>;

/** `company-{id}-presence`: the contact of a ticket is typing or recording (or stopped). */
export const presenceSocketPayloadSchema = z.object({
  action: z.literal('update'),
  ticketId: id,
  presence: z.enum(['available', 'unavailable', 'composing', 'recording', 'paused']),
});
export type PresenceSocketPayload = z.infer<typeof presenceSocketPayloadSchema>;
