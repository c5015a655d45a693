import type { Ticket, TicketsCursor, TicketStatus } from '../types';

/** What one ticket list asks `GET /api/tickets` for. */
export type TicketListFilter = {
  status?: TicketStatus;
  searchParam?: string;
  showAll: boolean;
  queueIds: number[];
  tags?: number[];
  users?: number[];
};

/**
 * Whether a ticket seen on the socket belongs in a list (the server's visibility rules, seen from
 * the client): its status; its queue among the selected ones when some are selected (a ticket
 * without queue shows as 'SEM FILA'); in the Open list without show-all, only tickets of the
 * current user. A search list takes no new tickets: the client cannot judge the text or tag match.
 */
export function belongsToList(ticket: Ticket, filter: TicketListFilter, currentUserId: number): boolean {
  if (filter.searchParam || filter.tags?.length || filter.users?.length) return false;
  const status = ticket.status;
  if (filter.status && status !== filter.status) return false;
  // No queue selected means no queue filter, as GET /tickets reads an empty queueIds.
  if (ticket.queueId != null && filter.queueIds.length > 0 && !filter.queueIds.includes(ticket.queueId)) return false;
  if (status === 'open' && !filter.showAll && ticket.userId != null && ticket.userId !== currentUserId) return false;
  return true;
}

/** The query string of `GET /api/tickets` for a list and the cursor of its page. */
export function ticketListQuery(filter: TicketListFilter, cursor: TicketsCursor) {
  return {
    searchParam: filter.searchParam || undefined,
    nextUpdatedAt: cursor?.nextUpdatedAt,
    nextTicketId: cursor?.nextTicketId,
    status: filter.searchParam ? undefined : filter.status,
    showAll: filter.showAll ? 'true' : 'false',
    queueIds: JSON.stringify(filter.queueIds),
    tags: filter.tags?.length ? JSON.stringify(filter.tags) : undefined,
    users: filter.users?.length ? JSON.stringify(filter.users) : undefined,
  };
}
