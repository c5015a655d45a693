import type { AuthUser } from '../types';

type RoleUser = Pick<AuthUser, 'profile' | 'super'>;

/** Admin area access: profile admin, or the platform super flag. */
export function isAdmin(user: RoleUser | null | undefined): boolean {
  return !!user && (user.profile === 'admin' || user.super === true);
}

export function isSuper(user: RoleUser | null | undefined): boolean {
  return !!user && user.super === true;
}
