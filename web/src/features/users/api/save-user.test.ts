import { describe, expect, it } from 'vitest';

import { toUserSaveInput, userFormSchema } from '@/features/users/api/save-user';

const base = {
  name: 'Ana Souza',
  email: 'Ana@Example.com',
  password: 'secret',
  profile: 'user' as const,
  allTicket: 'desabled' as const,
  whatsappId: '4',
  queueIds: [1, 2],
};

function firstMessage(mode: 'create' | 'edit', values: Record<string, unknown>, field: string) {
  const result = userFormSchema(mode).safeParse(values);
  return result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === field)?.message;
}

describe('user modal validation (spec 1 section 5)', () => {
  it('name 2 to 50, required', () => {
    expect(firstMessage('create', { ...base, name: '' }, 'name')).toBe('validation.required');
    expect(firstMessage('create', { ...base, name: 'A' }, 'name')).toBe('validation.tooShort');
    expect(firstMessage('create', { ...base, name: 'A'.repeat(51) }, 'name')).toBe('validation.tooLong');
  });

  it('password 5 to 50; required to create, optional to edit', () => {
    expect(firstMessage('create', { ...base, password: '' }, 'password')).toBe('validation.required');
    expect(firstMessage('create', { ...base, password: '1234' }, 'password')).toBe('validation.tooShort');
    expect(firstMessage('create', { ...base, password: 'x'.repeat(51) }, 'password')).toBe('validation.tooLong');
    expect(firstMessage('edit', { ...base, password: '' }, 'password')).toBeUndefined();
    expect(firstMessage('edit', { ...base, password: '1234' }, 'password')).toBe('validation.tooShort');
  });

  it('e-mail required and valid', () => {
    expect(firstMessage('create', { ...base, email: '' }, 'email')).toBe('validation.required');
    expect(firstMessage('create', { ...base, email: 'nope' }, 'email')).toBe('validation.invalidEmail');
  });
});

describe('what the user modal sends', () => {
  const values = userFormSchema('edit').parse(base);

  it('an admin sends every field', () => {
    expect(toUserSaveInput(values, { editProfile: true, editQueues: true })).toEqual({
      name: 'Ana Souza',
      email: 'ana@example.com',
      password: 'secret',
      profile: 'user',
      allTicket: 'desabled',
      whatsappId: 4,
      queueIds: [1, 2],
    });
  });

  it('without editProfile: no profile, connection or allTicket; without editQueues: no queues', () => {
    expect(toUserSaveInput(values, { editProfile: false, editQueues: false })).toEqual({
      name: 'Ana Souza',
      email: 'ana@example.com',
      password: 'secret',
    });
  });

  it('an empty password on edit is left out; no connection is sent as null', () => {
    const edited = userFormSchema('edit').parse({ ...base, password: '', whatsappId: '' });
    expect(toUserSaveInput(edited, { editProfile: true, editQueues: false })).toEqual({
      name: 'Ana Souza',
      email: 'ana@example.com',
      profile: 'user',
      allTicket: 'desabled',
      whatsappId: null,
    });
  });
});
