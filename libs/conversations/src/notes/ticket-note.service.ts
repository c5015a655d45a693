import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { TicketNote } from '@app/contracts';
import { AppError, isAdmin, type Tenancy } from '@app/platform';
import { changedRows } from '../common/sql';
import { CONVERSATIONS_DATA_SOURCE_TOKEN } from '../conversations-tokens';
import { TicketService } from '../tickets/ticket.service';

interface NoteRow {
  id: number;
  note: string;
  user_id: number | null;
  user_name: string | null;
  ticket_id: number | null;
  contact_id: number;
  created_at: Date;
  updated_at: Date;
}

const mapNote = (row: NoteRow): TicketNote => ({
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

/** Notes on a contact (and the ticket they were written on); the author or an admin deletes them. */
@Injectable()
export class TicketNoteService {
  constructor(
    @Inject(CONVERSATIONS_DATA_SOURCE_TOKEN) private readonly dataSource: DataSource,
    private readonly tickets: TicketService,
  ) {}

  async list(tenancy: Tenancy, contactId: number, ticketId?: number): Promise<TicketNote[]> {
    if (ticketId) await this.tickets.visibleRow(this.dataSource.manager, tenancy, { id: ticketId });
    const rows: NoteRow[] = await this.dataSource.query(
      `${NOTE_SELECT} WHERE n.company_id = $1 AND n.contact_id = $2 AND ($3::int IS NULL OR n.ticket_id = $3) ORDER BY n.created_at DESC LIMIT 500`,
      [tenancy.companyId, contactId, ticketId ?? null],
    );
    return rows.map(mapNote);
  }

  async create(tenancy: Tenancy, body: { note: string; contactId: number; ticketId?: number | null }): Promise<TicketNote> {
    return this.dataSource.transaction(async (manager) => {
      const contact: unknown[] = await manager.query(`SELECT 1 FROM conversations.contacts WHERE id = $1 AND company_id = $2`, [body.contactId, tenancy.companyId]);
      if (contact.length === 0) throw new AppError('ERR_NO_CONTACT_FOUND', 'Contact not found');
      if (body.ticketId) {
        const ticket = await this.tickets.visibleRow(manager, tenancy, { id: body.ticketId });
        if (ticket.contact_id !== body.contactId) throw new AppError('ERR_NO_TICKET_FOUND', 'Ticket not found for this contact');
      }
      const [{ id }] = (await manager.query(
        `INSERT INTO conversations.ticket_notes (company_id, note, user_id, ticket_id, contact_id) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [tenancy.companyId, body.note, tenancy.userId, body.ticketId ?? null, body.contactId],
      )) as { id: number }[];
      const rows: NoteRow[] = await manager.query(`${NOTE_SELECT} WHERE n.id = $1`, [id]);
      return mapNote(rows[0]!);
    });
  }

  async delete(tenancy: Tenancy, id: number): Promise<void> {
    const rows = await changedRows<{ id: number }>(
      this.dataSource.manager,
      `DELETE FROM conversations.ticket_notes WHERE id = $1 AND company_id = $2 AND ($3 OR user_id = $4) RETURNING id`,
      [id, tenancy.companyId, isAdmin(tenancy) || tenancy.profile === 'supervisor', tenancy.userId],
    );
    if (!rows[0]) throw new AppError('ERR_NOT_FOUND', 'Note not found');
  }
}
