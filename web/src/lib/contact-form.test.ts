import { describe, expect, it } from 'vitest';

import { contactFormSchema } from './contact-form';

function messages(values: Partial<Parameters<typeof contactFormSchema.parse>[0]>) {
  const result = contactFormSchema.safeParse({ name: 'Maria', number: '5511999998888', email: '', extraInfo: [], ...values });
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
}

describe('contact form (the contacts dialog and the ticket drawer share it)', () => {
  it('name 2 to 50 and number 8 to 50 characters, both required', () => {
    expect(messages({ name: '' })).toEqual(['name:contacts.validation.required']);
    expect(messages({ name: 'M' })).toEqual(['name:contacts.validation.tooShort']);
    expect(messages({ name: 'M'.repeat(51) })).toEqual(['name:contacts.validation.tooLong']);
    expect(messages({ number: '1234567' })).toEqual(['number:contacts.validation.tooShort']);
    expect(messages({ number: '1'.repeat(51) })).toEqual(['number:contacts.validation.tooLong']);
  });

  it('the e-mail is optional but must be valid; an extra info needs a name', () => {
    expect(messages({ email: 'maria@' })).toEqual(['email:contacts.validation.invalidEmail']);
    expect(messages({ email: 'maria@example.com' })).toEqual([]);
    expect(messages({ extraInfo: [{ name: ' ', value: 'x' }] })).toEqual(['extraInfo.0.name:contacts.validation.required']);
  });
});
