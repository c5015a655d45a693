import type { TicketNote } from '@app/contracts';
import { AppError, isAdmin, type Tenancy } from '@app/platform';
import { Injectable } from '@nestjs/common';

import { ContactRepository } from '../common/contact.repository';
import { TicketService } from '../tickets/ticket.service';
import { mapNote, NoteRepository } from './note.repository';

/** Notes on a contact (and the ticket they were written on); the author or an admin deletes them. */
@Injectable()
export class TicketNoteService {
  constructor(
    private readonly notes: NoteRepository,
    private readonly contacts: ContactRepository,
    private readonly tickets: TicketService,
  ) {}

  /**
   * The contact's notes the caller may see: those written on tickets the caller may see (the one
   * visibility rule) and those on the contact alone, which every user of the company sees as they see
   * the contact.
   */
  async list(tenancy: Tenancy, contactId: number, ticketId?: number): Promise<TicketNote[]> {
    if (ticketId) await this.tickets.visibleRow(null, tenancy, { id: ticketId });
    const rows = await this.notes.notesOfContact(await this.tickets.viewer(null, tenancy), contactId, ticketId ?? null);
    return rows.map(mapNote);
  }

  async create(tenancy: Tenancy, body: { note: string; contactId: number; ticketId?: number | null }): Promise<TicketNote> {
    return this.notes.transaction(async (manager) => {
      if (!(await this.contacts.exists(manager, tenancy.companyId, body.contactId)))
        throw new AppError('ERR_NO_CONTACT_FOUND', 'Contact not found');
      if (body.ticketId) {
        const ticket = await this.tickets.visibleRow(manager, tenancy, { id: body.ticketId });
        if (ticket.contact_id !== body.contactId) throw new AppError('ERR_NO_TICKET_FOUND', 'Ticket not found for this contact');
      }
      const row = await this.notes.insert(manager, {
        companyId: tenancy.companyId,
        note: body.note,
        userId: tenancy.userId,
        ticketId: body.ticketId ?? null,
        contactId: body.contactId,
      });
      return mapNote(row);
    });
  }

  async delete(tenancy: Tenancy, id: number): Promise<void> {
    if (!(await this.notes.delete(tenancy.companyId, id, isAdmin(tenancy) || tenancy.profile === 'supervisor', tenancy.userId))) {
      throw new AppError('ERR_NOT_FOUND', 'Note not found');
    }
  }
}
