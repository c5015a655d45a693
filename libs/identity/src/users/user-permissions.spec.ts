import type { Tenancy } from '@app/platform';

import type { User } from '../common/user.repository';
import { assertMayCreate, assertMayDelete, assertMayRead, assertMayUpdate } from './user-permissions';

const tenancy = (overrides: Partial<Tenancy> = {}): Tenancy => ({
  userId: 1,
  companyId: 10,
  profile: 'admin',
  super: false,
  sessionId: '00000000-0000-4000-8000-000000000000',
  planFlags: new Set(),
  ...overrides,
});
const user = (overrides: Partial<User> = {}): User =>
  ({
    id: 2,
    companyId: 10,
    profile: 'user',
    super: false,
    email: 'u@x.test',
    allTicket: 'desabled',
    whatsappId: null,
    queueIds: [1, 2],
    ...overrides,
  }) as User;

const codeOf = (fn: () => void) => {
  try {
    fn();
    return 'allowed';
  } catch (error) {
    return (error as { code: string }).code;
  }
};

describe('user permission rules (docs/permissions.md)', () => {
  it('another company is never found', () => {
    const foreign = user({ companyId: 99 });
    expect(codeOf(() => assertMayRead(tenancy(), foreign))).toBe('ERR_NO_USER_FOUND');
    expect(codeOf(() => assertMayUpdate(tenancy(), foreign, { name: 'x' }))).toBe('ERR_NO_USER_FOUND');
    expect(codeOf(() => assertMayDelete(tenancy({ super: true }), foreign))).toBe('ERR_NO_USER_FOUND');
  });

  it('a user edits only their own name and password; queue order and unchanged values are no change', () => {
    const self = tenancy({ userId: 2, profile: 'user' });
    expect(codeOf(() => assertMayUpdate(self, user(), { name: 'New', password: 'secret' }))).toBe('allowed');
    expect(codeOf(() => assertMayUpdate(self, user(), { queueIds: [2, 1], profile: 'user', allTicket: 'desabled' }))).toBe('allowed');
    expect(codeOf(() => assertMayUpdate(self, user(), { queueIds: [3] }))).toBe('ERR_NO_PERMISSION');
    expect(codeOf(() => assertMayUpdate(self, user(), { profile: 'admin' }))).toBe('ERR_NO_PERMISSION');
    expect(codeOf(() => assertMayUpdate(self, user({ id: 3 }), { name: 'x' }))).toBe('ERR_NO_PERMISSION');
    expect(codeOf(() => assertMayUpdate(tenancy({ profile: 'supervisor' }), user(), { name: 'x' }))).toBe('ERR_NO_PERMISSION');
  });

  it('the super flag and super users are for super users only', () => {
    expect(codeOf(() => assertMayUpdate(tenancy(), user(), { super: true }))).toBe('ERR_NO_PERMISSION');
    expect(codeOf(() => assertMayUpdate(tenancy(), user({ super: true }), { name: 'x' }))).toBe('ERR_NO_PERMISSION');
    expect(codeOf(() => assertMayUpdate(tenancy({ super: true }), user(), { super: true }))).toBe('allowed');
    expect(codeOf(() => assertMayCreate(tenancy(), { super: true }))).toBe('ERR_NO_PERMISSION');
    expect(codeOf(() => assertMayDelete(tenancy(), user({ super: true })))).toBe('ERR_NO_PERMISSION');
  });

  it('admins create and delete, never themselves; others do neither', () => {
    expect(codeOf(() => assertMayCreate(tenancy(), {}))).toBe('allowed');
    expect(codeOf(() => assertMayCreate(tenancy({ profile: 'supervisor' }), {}))).toBe('ERR_NO_PERMISSION');
    expect(codeOf(() => assertMayDelete(tenancy(), user()))).toBe('allowed');
    expect(codeOf(() => assertMayDelete(tenancy({ userId: 2 }), user()))).toBe('ERR_USER_DELETE_SELF');
    expect(codeOf(() => assertMayDelete(tenancy({ profile: 'user' }), user({ id: 3 })))).toBe('ERR_NO_PERMISSION');
  });

  it('supervisors read other users of their company; plain users only themselves', () => {
    expect(codeOf(() => assertMayRead(tenancy({ profile: 'supervisor' }), user()))).toBe('allowed');
    expect(codeOf(() => assertMayRead(tenancy({ profile: 'user' }), user()))).toBe('ERR_NO_PERMISSION');
    expect(codeOf(() => assertMayRead(tenancy({ profile: 'user', userId: 2 }), user()))).toBe('allowed');
  });
});
