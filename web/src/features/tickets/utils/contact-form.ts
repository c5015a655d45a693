import { TICKET_NOTE_MIN } from '@app/contracts';
import { z } from 'zod';

/** Ticket note (spec 1 section 5): required, at least 2 characters. */
export const ticketNoteSchema = z
  .string()
  .trim()
  .min(1, { message: 'tickets.contact.validation.noteRequired', abort: true })
  .min(TICKET_NOTE_MIN, 'tickets.contact.validation.noteTooShort');
