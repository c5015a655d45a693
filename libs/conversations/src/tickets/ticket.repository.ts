import type { EntityManager } from 'typeorm';
import { TICKETS_PAGE_SIZE, type Ticket, type TicketListQuery, type TicketStatus } from '@app/contracts';
import { mapTicket, TICKET_VIEW_SELECT, type TicketViewRow } from '../common/ticket-views';
import { seesAllTickets, type Viewer } from '../common/ticket-visibility';

/** From this length the search looks inside messages through trigram indexes; shorter terms scan. */
export const TRIGRAM_SEARCH_MIN_LENGTH = 3;

/** A ticket with what sending to its contact needs. */
export interface TicketRow {
  id: number;
  uuid: string;
  company_id: number;
  contact_id: number;
  whatsapp_id: number;
  status: TicketStatus;
  user_id: number | null;
  queue_id: number | null;
  is_group: boolean;
  unread_messages: number;
  contact_number: string | null;
}

export interface TicketListFilter extends TicketListQuery {
  /** Whether the caller may and asked to see every ticket of the Open tab (tickets-manager:showall). */
  showAllAllowed: boolean;
}

export class TicketRepository {
  async findRow(manager: EntityManager, companyId: number, where: { id: number } | { uuid: string }, lock = false): Promise<TicketRow | null> {
    const [column, value] = 'id' in where ? ['t.id', where.id] : ['t.uuid', where.uuid];
    const rows: TicketRow[] = await manager.query(
      `SELECT t.id, t.uuid, t.company_id, t.contact_id, t.whatsapp_id, t.status, t.user_id, t.queue_id, t.is_group,
              t.unread_messages, c.number AS contact_number
       FROM conversations.tickets t JOIN conversations.contacts c ON c.id = t.contact_id
       WHERE ${column} = $1 AND t.company_id = $2 ${lock ? 'FOR UPDATE OF t' : ''}`,
      [value, companyId],
    );
    return rows[0] ?? null;
  }

  /** The contact's ticket on that connection that is not closed. */
  async liveTicketOf(manager: EntityManager, companyId: number, contactId: number, connectionId: number): Promise<Ticket | null> {
    const rows: TicketViewRow[] = await manager.query(
      `${TICKET_VIEW_SELECT} WHERE t.company_id = $1 AND t.contact_id = $2 AND t.whatsapp_id = $3 AND t.status <> 'closed'`,
      [companyId, contactId, connectionId],
    );
    return rows[0] ? mapTicket(rows[0]) : null;
  }

  /**
   * One page of the ticket list, newest activity first, in one statement: visibility, filters and
   * the joined view. Fetches one row more than the page to answer hasMore without counting.
   */
  async list(manager: EntityManager, companyId: number, viewer: Viewer, filter: TicketListFilter): Promise<{ tickets: Ticket[]; hasMore: boolean }> {
    const where: string[] = ['t.company_id = $1'];
    const params: unknown[] = [companyId];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    if (!seesAllTickets(viewer)) {
      where.push(`(t.queue_id = ANY(${param(viewer.queueIds)}::int[]) OR t.queue_id IS NULL OR t.user_id = ${param(viewer.id)})`);
    }
    if (filter.queueIds.length > 0) where.push(`(t.queue_id = ANY(${param(filter.queueIds)}::int[]) OR t.queue_id IS NULL)`);
    if (filter.status) {
      where.push(`t.status = ${param(filter.status)}`);
      // The Open tab shows a user's own tickets; others' open tickets need show-all.
      if (filter.status === 'open' && !filter.showAllAllowed && !filter.searchParam) where.push(`t.user_id = ${param(viewer.id)}`);
    }
    if (filter.searchParam) {
      const like = param(`%${filter.searchParam.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      if (filter.searchParam.trim().length >= TRIGRAM_SEARCH_MIN_LENGTH) {
        // Contacts by name or number, the text of any message, or the ticket id: each branch served by
        // its own index (trigrams), joined by a union under IN. An OR over a subquery could fall back
        // to running the subquery once per ticket.
        where.push(`t.id IN (
          SELECT st.id FROM conversations.tickets st WHERE st.company_id = $1 AND st.contact_id IN (
            SELECT sc.id FROM conversations.contacts sc WHERE sc.company_id = $1 AND (lower(sc.name) LIKE ${like} OR sc.number LIKE ${like}))
          UNION SELECT sm.ticket_id FROM conversations.messages sm WHERE sm.company_id = $1 AND lower(sm.body) LIKE ${like}
          ${/^\d{1,9}$/.test(filter.searchParam) ? `UNION SELECT ${param(Number(filter.searchParam))}::int` : ''})`);
      } else {
        // Shorter than a trigram: no index helps; the newest tickets are scanned until a page is found.
        where.push(`(lower(c.name) LIKE ${like} OR c.number LIKE ${like} OR lower(t.last_message) LIKE ${like} OR t.id::text = ${param(filter.searchParam)})`);
      }
    }
    if (filter.date) where.push(`t.created_at >= ${param(filter.date)}::date AND t.created_at < ${param(filter.date)}::date + 1`);
    if (filter.updatedAt) where.push(`t.updated_at >= ${param(filter.updatedAt)}::date AND t.updated_at < ${param(filter.updatedAt)}::date + 1`);
    if (filter.withUnreadMessages) where.push('t.unread_messages > 0');
    if (filter.users.length > 0) where.push(`t.user_id = ANY(${param(filter.users)}::int[])`);
    if (filter.tags.length > 0) {
      where.push(`EXISTS (SELECT 1 FROM conversations.ticket_tags tt WHERE tt.ticket_id = t.id AND tt.tag_id = ANY(${param(filter.tags)}::int[]))`);
    }
    const limit = param(TICKETS_PAGE_SIZE + 1);
    const offset = param((filter.pageNumber - 1) * TICKETS_PAGE_SIZE);
    const rows: TicketViewRow[] = await manager.query(
      `${TICKET_VIEW_SELECT} WHERE ${where.join(' AND ')} ORDER BY t.updated_at DESC, t.id DESC LIMIT ${limit} OFFSET ${offset}`,
      params,
    );
    return { tickets: rows.slice(0, TICKETS_PAGE_SIZE).map(mapTicket), hasMore: rows.length > TICKETS_PAGE_SIZE };
  }
}
