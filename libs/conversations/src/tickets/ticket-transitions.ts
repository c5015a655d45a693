import type { TicketStatus, TicketUpdateBody } from '@app/contracts';

export interface TicketState {
  status: TicketStatus;
  userId: number | null;
  queueId: number | null;
}

export type TicketAction = 'accept' | 'return' | 'resolve' | 'reopen' | 'close' | 'transfer' | 'none';

export interface TicketChange extends TicketState {
  action: TicketAction;
}

/**
 * The spec's transition table. `actorId` is the user asking. A queue chosen without a user (a
 * transfer) makes the ticket pending and clears its user; a user chosen opens it for that user.
 */
export function nextTicketState(current: TicketState, body: TicketUpdateBody, actorId: number): TicketChange {
  const queueChosen = body.queueId !== undefined && body.queueId !== current.queueId;
  const userChosen = body.userId !== undefined && body.userId !== null;
  const queueId = body.queueId !== undefined ? body.queueId : current.queueId;

  if (body.status === 'closed') {
    if (current.status === 'open') return { action: 'resolve', status: 'closed', userId: actorId, queueId };
    return { action: current.status === 'pending' ? 'close' : 'none', status: 'closed', userId: current.userId, queueId };
  }
  if ((queueChosen || body.status === 'pending') && !userChosen) {
    const action = queueChosen ? 'transfer' : current.status === 'open' ? 'return' : 'none';
    return { action, status: 'pending', userId: null, queueId };
  }
  if (userChosen && body.userId !== actorId) {
    return { action: 'transfer', status: 'open', userId: body.userId!, queueId };
  }
  if (body.status === 'open' || userChosen) {
    if (current.status === 'pending') return { action: 'accept', status: 'open', userId: actorId, queueId };
    if (current.status === 'closed') return { action: 'reopen', status: 'open', userId: actorId, queueId };
    return { action: current.userId === actorId ? 'none' : 'transfer', status: 'open', userId: actorId, queueId };
  }
  return { action: queueChosen ? 'transfer' : 'none', status: current.status, userId: current.userId, queueId };
}
