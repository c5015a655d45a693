import type { AppMessageSocketPayload } from '@app/contracts';

import type { InboxUser } from '../types';
import { isInboxAdmin } from './ticket-actions';

/**
 * Whether a socket message raises a notification: a new message from the contact, on a ticket of the
 * user's queues (any queue for admins) that the user is not looking at (another ticket open, or the
 * page hidden); an open ticket only when it is the user's or unassigned; a pending ticket only when
 * the user's allTicket is enabled (spec 1 section 6).
 */
export function shouldNotify(
  payload: AppMessageSocketPayload,
  user: InboxUser,
  view: { openTicketUuid?: string; pageVisible: boolean },
): boolean {
  const { message, ticket } = payload;
  if (payload.action !== 'create' || message.fromMe || message.read) return false;
  if (view.pageVisible && view.openTicketUuid === ticket.uuid) return false;
  const ownQueue = ticket.queueId == null || (user.queues ?? []).some((queue) => queue.id === ticket.queueId);
  if (!isInboxAdmin(user) && !ownQueue) return false;
  if (ticket.status === 'closed') return false;
  if (ticket.status === 'pending') return user.allTicket === 'enabled';
  return ticket.userId == null || ticket.userId === user.id;
}
