import { ticketDeleteResponseSchema } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { ticketsQueryKey } from './get-tickets';

/** `DELETE /api/tickets/{id}` (the `ticket-options:deleteTicket` check). */
export function deleteTicket(id: number): Promise<{ message: string }> {
  return api.delete(`/tickets/${id}`, { schema: ticketDeleteResponseSchema });
}

export function useDeleteTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTicket,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketsQueryKey }),
  });
}
