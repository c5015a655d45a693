import type { EntityManager } from 'typeorm';

export interface Viewer {
  id: number;
  profile: 'admin' | 'supervisor' | 'user';
  super: boolean;
  queueIds: readonly number[];
}

export interface VisibleTicket {
  queueId: number | null;
  userId: number | null;
}

/** Admins, supervisors and super users see every ticket of their company (the spec's show-all roles). */
export const seesAllTickets = (viewer: Pick<Viewer, 'profile' | 'super'>) =>
  viewer.super || viewer.profile === 'admin' || viewer.profile === 'supervisor';

/**
 * Whether a user may see a ticket of the own company: every ticket for the show-all roles; for a
 * user, tickets of the user's queues, tickets assigned to the user, and tickets without a queue
 * (not yet routed: anyone may pick them up, as in the Whaticket family).
 */
export function maySeeTicket(viewer: Viewer, ticket: VisibleTicket): boolean {
  if (seesAllTickets(viewer)) return true;
  if (ticket.userId === viewer.id) return true;
  if (ticket.queueId === null) return true;
  return viewer.queueIds.includes(ticket.queueId);
}

/** The ids of the company's users who may see the ticket: the same rule, as one query over the projection. */
export async function ticketAudience(manager: EntityManager, companyId: number, ticket: VisibleTicket): Promise<number[]> {
  const rows: { id: number }[] = await manager.query(
    `SELECT id FROM conversations.users
     WHERE company_id = $1
       AND (super OR profile IN ('admin', 'supervisor') OR $2::int IS NULL OR $2::int = ANY(queue_ids) OR id = $3::int)
     ORDER BY id`,
    [companyId, ticket.queueId, ticket.userId],
  );
  return rows.map((row) => row.id);
}
