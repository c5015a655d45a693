import { can } from '@app/contracts';
import { AppError, type Tenancy } from '@app/platform';

import type { User } from '../common/user.repository';
import type { UserUpdateDto } from './user.dto';

/** Fields only admins change (the user modal's editProfile and editQueues). */
const ADMIN_FIELDS = ['email', 'profile', 'allTicket', 'whatsappId', 'queueIds'] as const;

const sameIds = (a: number[], b: number[]) => a.length === b.length && [...a].sort().every((id, i) => id === [...b].sort()[i]);

function changes(target: User, input: UserUpdateDto, field: (typeof ADMIN_FIELDS)[number] | 'super'): boolean {
  const value = input[field];
  if (value === undefined) return false;
  if (field === 'queueIds') return !sameIds(value as number[], target.queueIds);
  return value !== target[field];
}

const denied = (message: string) => new AppError('ERR_NO_PERMISSION', message);

/** Who may read another user's record: themselves, and those who see the users page. */
export function assertMayRead(actor: Tenancy, target: User): void {
  if (target.companyId !== actor.companyId) throw new AppError('ERR_NO_USER_FOUND', 'User not found');
  if (target.id !== actor.userId && !can(actor, 'users-page:view')) throw denied('You may only see your own user');
}

/**
 * PUT /users/:id (docs/permissions.md): a user changes only their own name and password; admins
 * change anyone of their company; only a super user touches a super user or the super flag.
 */
export function assertMayUpdate(actor: Tenancy, target: User, input: UserUpdateDto): void {
  if (target.companyId !== actor.companyId) throw new AppError('ERR_NO_USER_FOUND', 'User not found');
  if (target.super && !actor.super) throw denied('Only a super user changes a super user');
  if (changes(target, input, 'super') && !actor.super) throw denied('Only a super user grants or removes super');
  const isAdmin = can(actor, 'user-modal:editProfile');
  if (!isAdmin && target.id !== actor.userId) throw denied('You may only change your own user');
  if (!isAdmin && ADMIN_FIELDS.some((field) => changes(target, input, field))) {
    throw denied('Only admins change e-mail, profile, queues, connection and allTicket');
  }
}

/** DELETE /users/:id: admins, never themselves; a super user only by a super user. */
export function assertMayDelete(actor: Tenancy, target: User): void {
  if (target.companyId !== actor.companyId) throw new AppError('ERR_NO_USER_FOUND', 'User not found');
  if (!can(actor, 'user-modal:editProfile')) throw denied('Only admins delete users');
  if (target.id === actor.userId) throw new AppError('ERR_USER_DELETE_SELF', 'You cannot delete yourself');
  if (target.super && !actor.super) throw denied('Only a super user deletes a super user');
}

/** POST /users: admins; the super flag only from a super user. */
export function assertMayCreate(actor: Tenancy, input: { super?: boolean }): void {
  if (!can(actor, 'user-modal:editProfile')) throw denied('Only admins create users');
  if (input.super && !actor.super) throw denied('Only a super user grants super');
}
