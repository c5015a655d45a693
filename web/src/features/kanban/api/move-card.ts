import { type KanbanTicket, ticketTagResponseSchema } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import type { LaneId } from './get-kanban';

export type MoveCardInput = { ticketId: number; to: LaneId };

/**
 * A card dropped on a lane: `PUT /api/ticket-tags/{ticketId}/{tagId}` puts the lane's kanban tag in
 * place of the card's (its ordinary tags stay); to 'Em aberto', `DELETE /api/ticket-tags/{ticketId}`
 * takes its kanban tags off.
 */
export function moveCard({ ticketId, to }: MoveCardInput): Promise<KanbanTicket> {
  return to === null
    ? api.delete(`/ticket-tags/${ticketId}`, { schema: ticketTagResponseSchema })
    : api.put(`/ticket-tags/${ticketId}/${to}`, undefined, { schema: ticketTagResponseSchema });
}

export function useMoveCard() {
  // The board puts the card back and shows the error itself.
  return useMutation({ mutationFn: moveCard, meta: { silent: true } });
}
