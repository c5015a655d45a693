import { ticketDeleteResponseSchema } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import type { Ticket } from '../types';
import { ticketsQueryKey } from './get-tickets';

/** `DELETE /api/tickets/{id}` (the `ticket-options:deleteTicket` check). */
export function deleteTicket(id: number): Promise<{ message: string }> {
  return api.delete(`/tickets/${id}`, { schema: ticketDeleteResponseSchema });
}

/** Tickets deleted from this tab: their socket 'delete' event needs no second toast. */
const deletedHere = new Set<number>();

export function deletedInThisTab(ticketId: number): boolean {
  return deletedHere.has(ticketId);
}

/** The deleted ticket's own query is dropped, not refetched: a refetch would only answer 404 and toast it. */
export function useDeleteTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTicket,
    meta: { silent: true },
    onMutate: (id) => {
      deletedHere.add(id);
    },
    onError: (_error, id) => {
      deletedHere.delete(id);
    },
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({
        queryKey: ticketsQueryKey,
        predicate: (query) => query.queryKey[1] === 'one' && (query.state.data as Ticket | undefined)?.id === id,
      });
      return queryClient.invalidateQueries({ queryKey: ticketsQueryKey });
    },
  });
}
