import { z } from 'zod';

import { idParamSchema } from '../primitives';
import { TICKET_NOTE_MIN } from './constants';
import { id, isoDateTime, M } from './fields';

// ---------------------------------------------------------------------------------------------
// Ticket notes
// ---------------------------------------------------------------------------------------------

export const ticketNoteSchema = z.object({
  id,
  note: z.string(),
  userId: id.nullable(),
  user: z.object({ id, name: z.string() }).nullable(),
  ticketId: id.nullable(),
  contactId: id,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type TicketNote = z.infer<typeof ticketNoteSchema>;

/** POST /ticket-notes. */
export const ticketNoteCreateSchema = z.object({
  note: z.string({ error: M.genericRequired }).trim().min(TICKET_NOTE_MIN, M.genericTooShort).max(5_000, M.genericTooLong),
  ticketId: id.nullable().optional(),
  contactId: id,
});
export type TicketNoteCreateBody = z.input<typeof ticketNoteCreateSchema>;
/** GET /ticket-notes/list?ticketId&contactId. */
export const ticketNoteListQuerySchema = z.object({
  ticketId: idParamSchema.optional(),
  contactId: idParamSchema,
});
export const ticketNoteListResponseSchema = z.array(ticketNoteSchema);
/** DELETE /ticket-notes/{id}: the spec's 'Observação excluída com sucesso!'. */
export const ticketNoteDeleteResponseSchema = z.object({ message: z.string() });
