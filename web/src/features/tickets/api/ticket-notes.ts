import type { TicketNote, TicketNoteCreateBody } from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const ticketNotesQueryKey = (contactId: number, ticketId?: number) => ['tickets', 'notes', contactId, ticketId ?? null] as const;

/** `GET /api/ticket-notes/list?ticketId&contactId`. */
export async function getTicketNotes(contactId: number, ticketId?: number): Promise<TicketNote[]> {
  const notes = await api.get<unknown>('/ticket-notes/list', { query: { contactId, ticketId } });
  return Array.isArray(notes) ? (notes as TicketNote[]) : [];
}

export function getTicketNotesQueryOptions(contactId: number, ticketId?: number) {
  return queryOptions({ queryKey: ticketNotesQueryKey(contactId, ticketId), queryFn: () => getTicketNotes(contactId, ticketId) });
}

export function useTicketNotes(contactId: number, ticketId?: number, enabled = true) {
  return useQuery({ ...getTicketNotesQueryOptions(contactId, ticketId), enabled });
}

/** `POST /api/ticket-notes {note, ticketId, contactId}`. */
export function createTicketNote(body: TicketNoteCreateBody): Promise<TicketNote> {
  return api.post<TicketNote>('/ticket-notes', body);
}

/** `DELETE /api/ticket-notes/{id}`. */
export function deleteTicketNote(id: number): Promise<unknown> {
  return api.delete(`/ticket-notes/${id}`);
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
