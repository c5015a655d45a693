import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TicketCreateBody } from '@app/contracts';
import { api } from '@/lib/api-client';
import type { Ticket } from '../types';
import { ticketsQueryKey } from './get-tickets';

/**
 * `POST /api/tickets`: opens a ticket for a contact. A 409 `ERR_OTHER_OPEN_TICKET` carries who holds
 * the contact's open ticket (ticketId, uuid, userId, userName, queueName).
 */
export function createTicket(body: TicketCreateBody): Promise<Ticket> {
  return api.post<Ticket>('/tickets', body);
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketsQueryKey }),
  });
}
