import { describe, expect, it } from 'vitest';
import { contactFormSchema, ticketNoteSchema } from './contact-form';

function messages(values: Partial<Parameters<typeof contactFormSchema.parse>[0]>) {
  const result = contactFormSchema.safeParse({ name: 'Maria', number: '5511999998888', email: '', extraInfo: [], ...values });
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
}

describe('contact form', () => {
  it('name 2 to 50 and number 8 to 50 characters, both required', () => {
    expect(messages({ name: '' })).toEqual(['name:tickets.contact.validation.required']);
    expect(messages({ name: 'M' })).toEqual(['name:tickets.contact.validation.tooShort']);
    expect(messages({ name: 'M'.repeat(51) })).toEqual(['name:tickets.contact.validation.tooLong']);
    expect(messages({ number: '1234567' })).toEqual(['number:tickets.contact.validation.tooShort']);
    expect(messages({ number: '1'.repeat(51) })).toEqual(['number:tickets.contact.validation.tooLong']);
  });

  it('the e-mail is optional but must be valid', () => {
    expect(messages({ email: 'maria@' })).toEqual(['email:tickets.contact.validation.invalidEmail']);
    expect(messages({ email: 'maria@example.com' })).toEqual([]);
  });

  it('a note needs at least 2 characters', () => {
    expect(ticketNoteSchema.safeParse(' ').error?.issues[0]?.message).toBe('tickets.contact.validation.noteRequired');
    expect(ticketNoteSchema.safeParse('a').error?.issues[0]?.message).toBe('tickets.contact.validation.noteTooShort');
    expect(ticketNoteSchema.safeParse('ok').success).toBe(true);
  });
});
