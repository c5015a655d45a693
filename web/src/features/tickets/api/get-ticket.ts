import { ticketSchema } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import type { Ticket } from '../types';
import { ticketsQueryKey } from './get-tickets';

export const ticketQueryKey = (uuid: string) => [...ticketsQueryKey, 'one', uuid] as const;

/** `GET /api/tickets/u/{uuid}`: the ticket of the chat. */
export function getTicketByUuid(uuid: string): Promise<Ticket> {
  return api.get(`/tickets/u/${encodeURIComponent(uuid)}`, { schema: ticketSchema });
}

/** Silent: the chat handles a refusal itself ('Acesso não permitido' and back to /tickets). */
export function getTicketQueryOptions(uuid: string) {
  return queryOptions({ queryKey: ticketQueryKey(uuid), queryFn: () => getTicketByUuid(uuid), meta: { silent: true }, retry: false });
}

export function useTicket(uuid: string | undefined) {
  return useQuery({ ...getTicketQueryOptions(uuid ?? ''), enabled: !!uuid });
}
