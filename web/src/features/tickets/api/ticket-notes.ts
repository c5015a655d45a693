import {
  type TicketNote,
  type TicketNoteCreateBody,
  ticketNoteDeleteResponseSchema,
  ticketNoteListResponseSchema,
  ticketNoteSchema,
} from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export const ticketNotesQueryKey = (contactId: number, ticketId?: number) => ['tickets', 'notes', contactId, ticketId ?? null] as const;

/** `GET /api/ticket-notes/list?ticketId&contactId`. */
export function getTicketNotes(contactId: number, ticketId?: number): Promise<TicketNote[]> {
  return api.get('/ticket-notes/list', { query: { contactId, ticketId }, schema: ticketNoteListResponseSchema });
}

export function getTicketNotesQueryOptions(contactId: number, ticketId?: number) {
  return queryOptions({ queryKey: ticketNotesQueryKey(contactId, ticketId), queryFn: () => getTicketNotes(contactId, ticketId) });
}

export function useTicketNotes(contactId: number, ticketId?: number, enabled = true) {
  return useQuery({ ...getTicketNotesQueryOptions(contactId, ticketId), enabled });
}

/** `POST /api/ticket-notes {note, ticketId, contactId}`. */
export function createTicketNote(body: TicketNoteCreateBody): Promise<TicketNote> {
  return api.post('/ticket-notes', body, { schema: ticketNoteSchema });
}

/** `DELETE /api/ticket-notes/{id}`. */
export function deleteTicketNote(id: number): Promise<{ message: string }> {
  return api.delete(`/ticket-notes/${id}`, { schema: ticketNoteDeleteResponseSchema });
}

export function useCreateTicketNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTicketNote,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tickets', 'notes'] }),
  });
}

export function useDeleteTicketNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTicketNote,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tickets', 'notes'] }),
  });
}
