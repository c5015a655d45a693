import type { TicketNote } from '@app/contracts';
import { changedRows } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

import { type ScopedViewer } from '../common/ticket-visibility';
import { sqlParams, visibleTicketIdsSql } from '../common/ticket-visibility.sql';

export interface NoteRow {
  id: number;
  note: string;
  user_id: number | null;
  user_name: string | null;
  ticket_id: number | null;
  contact_id: number;
  created_at: Date;
  updated_at: Date;
}

export const mapNote = (row: NoteRow): TicketNote => ({
  id: row.id,
  note: row.note,
  userId: row.user_id,
  user: row.user_id ? { id: row.user_id, name: row.user_name ?? '' } : null,
  ticketId: row.ticket_id,
  contactId: row.contact_id,
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});

const NOTE_SELECT = `SELECT n.*, u.name AS user_name FROM conversations.ticket_notes n LEFT JOIN conversations.users u ON u.id = n.user_id`;

/** Notes on contacts (and the tickets they were written on), with their authors' names. */
@Injectable()
export class NoteRepository {
  constructor(@InjectDataSource('conversations') private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /**
   * The contact's notes the viewer may see (of one ticket when given), newest first: those written on
   * tickets the viewer may see (the one visibility rule) and those on the contact alone.
   */
  async notesOfContact(viewer: ScopedViewer, contactId: number, ticketId: number | null): Promise<NoteRow[]> {
    const { params, param } = sqlParams([viewer.companyId, contactId, ticketId]);
    const visibleTickets = visibleTicketIdsSql(viewer, param, 'vt.contact_id = $2');
    return this.dataSource.query(
      `${NOTE_SELECT} WHERE n.company_id = $1 AND n.contact_id = $2 AND ($3::int IS NULL OR n.ticket_id = $3)
         AND (n.ticket_id IS NULL OR n.ticket_id IN (${visibleTickets}))
       ORDER BY n.created_at DESC LIMIT 500`,
      params,
    );
  }

  async insert(
    manager: EntityManager,
    note: { companyId: number; note: string; userId: number | null; ticketId: number | null; contactId: number },
  ): Promise<NoteRow> {
    const [{ id }] = (await manager.query(
      `INSERT INTO conversations.ticket_notes (company_id, note, user_id, ticket_id, contact_id) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [note.companyId, note.note, note.userId, note.ticketId, note.contactId],
    )) as { id: number }[];
    const rows: NoteRow[] = await manager.query(`${NOTE_SELECT} WHERE n.id = $1`, [id]);
    return rows[0]!;
  }

  /** Deletes the company's note when `byAnyone` or it is the user's own; false when none was. */
  async delete(companyId: number, id: number, byAnyone: boolean, userId: number): Promise<boolean> {
    const rows = changedRows<{ id: number }>(
      await this.dataSource.query(
        `DELETE FROM conversations.ticket_notes WHERE id = $1 AND company_id = $2 AND ($3 OR user_id = $4) RETURNING id`,
        [id, companyId, byAnyone, userId],
      ),
    );
    return rows.length > 0;
  }
}
