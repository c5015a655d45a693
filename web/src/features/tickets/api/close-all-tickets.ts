import { ticketCloseAllResponseSchema } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { ticketsQueryKey } from './get-tickets';

export type CloseAllInput = { status: 'open' | 'pending'; selectedQueueIds: number[] };

/** `POST /api/tickets/closeAll`: the admin closes the tickets of the selected queues. */
export function closeAllTickets(input: CloseAllInput): Promise<unknown> {
  return api.post('/tickets/closeAll', input, { schema: ticketCloseAllResponseSchema });
}

export function useCloseAllTickets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeAllTickets,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketsQueryKey }),
  });
}
