import { describe, expect, it } from 'vitest';

import { ticketNoteSchema } from './contact-form';

describe('ticket note', () => {
  it('a note needs at least 2 characters', () => {
    expect(ticketNoteSchema.safeParse(' ').error?.issues[0]?.message).toBe('tickets.contact.validation.noteRequired');
    expect(ticketNoteSchema.safeParse('a').error?.issues[0]?.message).toBe('tickets.contact.validation.noteTooShort');
    expect(ticketNoteSchema.safeParse('ok').success).toBe(true);
  });
});
