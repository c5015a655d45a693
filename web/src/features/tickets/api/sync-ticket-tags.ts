import { type TagSyncBody, tagSyncResponseSchema, type Ticket } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { ticketsQueryKey } from './get-tickets';

/** `POST /api/tags/sync {ticketId, tags}`: the ticket's tags become exactly these. */
export function syncTicketTags(body: TagSyncBody): Promise<Ticket> {
  return api.post('/tags/sync', body, { schema: tagSyncResponseSchema });
}

export function useSyncTicketTags() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncTicketTags,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketsQueryKey }),
  });
}
