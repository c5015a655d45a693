import { ticketSchema } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import type { Ticket, TicketUpdateBody } from '../types';
import { ticketsQueryKey } from './get-tickets';

export type UpdateTicketInput = { id: number; changes: TicketUpdateBody };

/** `PUT /api/tickets/{id}`: a transition (accept, return, resolve, reopen, close) or a transfer. */
export function updateTicket({ id, changes }: UpdateTicketInput): Promise<Ticket> {
  return api.put(`/tickets/${id}`, changes, { schema: ticketSchema });
}

export function useUpdateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTicket,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketsQueryKey }),
  });
}
