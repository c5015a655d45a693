import { ticketSchema } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import type { Ticket } from '../types';
import { ticketQueryKey } from './get-ticket';

/** `POST /api/messages/{ticketId}/read`: what arrived in the open, focused chat is read (unread 0, read receipts sent). */
export function markTicketRead(ticketId: number): Promise<Ticket> {
  return api.post(`/messages/${ticketId}/read`, undefined, { schema: ticketSchema });
}

/** Silent: a failure leaves the messages unread, which the list's badge shows. The lists follow the socket's updateUnread. */
export function useMarkTicketRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markTicketRead,
    meta: { silent: true },
    onSuccess: (ticket) =>
      queryClient.setQueryData<Ticket>(ticketQueryKey(ticket.uuid), (current) => (current ? { ...current, ...ticket } : current)),
  });
}
