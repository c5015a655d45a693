import { type TicketCreateBody, ticketCreateResponseSchema } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import type { Ticket } from '../types';
import { ticketsQueryKey } from './get-tickets';

/**
 * `POST /api/tickets`: opens a ticket for a contact. A 409 `ERR_OTHER_OPEN_TICKET` carries who holds
 * the contact's open ticket (userId, userName, queueName) when the user may see it, and its ticketId
 * and uuid when it is the user's own; a hidden one comes as the bare error.
 */
export function createTicket(body: TicketCreateBody): Promise<Ticket> {
  return api.post('/tickets', body, { schema: ticketCreateResponseSchema });
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketsQueryKey }),
  });
}
