import { type Ticket, type TicketCreateBody, ticketCreateResponseSchema } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** `POST /api/tickets`: opens a ticket with the contact for the current user (status open). */
export function startTicket(body: TicketCreateBody): Promise<Ticket> {
  return api.post('/tickets', body, { schema: ticketCreateResponseSchema });
}

export function useStartTicket() {
  // The page shows its own error; the app's default would toast it a second time.
  return useMutation({ mutationFn: startTicket, meta: { silent: true } });
}
