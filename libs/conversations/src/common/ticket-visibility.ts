export interface Viewer {
  id: number;
  profile: 'admin' | 'supervisor' | 'user';
  super: boolean;
  queueIds: readonly number[];
}

/** A viewer inside a company: what every read of tickets, messages and notes for a user is scoped by. */
export interface ScopedViewer extends Viewer {
  companyId: number;
}

export interface VisibleTicket {
  queueId: number | null;
  userId: number | null;
}

/** Admins, supervisors and super users see every ticket of their company (the spec's show-all roles). */
export const seesAllTickets = (viewer: Pick<Viewer, 'profile' | 'super'>) =>
  viewer.super || viewer.profile === 'admin' || viewer.profile === 'supervisor';

/**
 * The same rule for a ticket that is not stored yet (a queue chosen for a new ticket). Stored tickets
 * are checked in SQL, where they are read.
 */
export function maySeeTicket(viewer: Viewer, ticket: VisibleTicket): boolean {
  if (seesAllTickets(viewer)) return true;
  if (ticket.userId === viewer.id) return true;
  if (ticket.queueId === null) return true;
  return viewer.queueIds.includes(ticket.queueId);
}
