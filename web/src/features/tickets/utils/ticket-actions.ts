import { can } from '@app/contracts';

import type { InboxUser, Ticket } from '../types';

export type TicketAction = 'accept' | 'return' | 'resolve' | 'reopen' | 'transfer' | 'delete';

/** Whether the user may work on tickets of every queue (admins; the super flag counts). */
export function isInboxAdmin(user: Pick<InboxUser, 'profile' | 'super'>): boolean {
  return user.profile === 'admin' || user.super === true;
}

/**
 * The chat header's buttons by status (spec 1 section 4, ticket transitions): a pending ticket is
 * accepted; an open one is returned, resolved or transferred; a closed one is reopened. Delete is for
 * the `ticket-options:deleteTicket` check.
 */
export function getTicketActions(ticket: Pick<Ticket, 'status'>, user: Pick<InboxUser, 'profile' | 'super'>): TicketAction[] {
  const actions: TicketAction[] = [];
  if (ticket.status === 'pending') actions.push('accept', 'transfer');
  else if (ticket.status === 'open') actions.push('return', 'resolve', 'transfer');
  else if (ticket.status === 'closed') actions.push('reopen');
  if (can(user, 'ticket-options:deleteTicket')) actions.push('delete');
  return actions;
}

/** The PUT /tickets/{id} body of a transition: accept, resolve and reopen take the current user. */
export function transitionBody(action: 'accept' | 'return' | 'resolve' | 'reopen' | 'close', userId: number) {
  switch (action) {
    case 'accept':
    case 'reopen':
      return { status: 'open' as const, userId };
    case 'return':
      return { status: 'pending' as const, userId: null };
    case 'resolve':
      return { status: 'closed' as const, userId };
    case 'close':
      return { status: 'closed' as const };
  }
}

/** Sending is impossible while the ticket is closed (spec 1 section 4). */
export function canSendTo(ticket: Pick<Ticket, 'status'>): boolean {
  return ticket.status !== 'closed';
}

/**
 * Chat access (spec 1 section 4): a user who is not admin may not open a ticket of a queue outside
 * the user's queues. A ticket without queue stays visible.
 */
export function mayOpenTicket(ticket: Pick<Ticket, 'queueId'>, user: InboxUser): boolean {
  if (isInboxAdmin(user) || ticket.queueId == null) return true;
  return (user.queues ?? []).some((queue) => queue.id === ticket.queueId);
}
