import type { UserProfileName } from './constants';

// ---------------------------------------------------------------------------------------------
// Permissions (docs/permissions.md): the spec's named checks, decided per profile
// ---------------------------------------------------------------------------------------------

export const PERMISSIONS = [
  'user-modal:editProfile',
  'user-modal:editQueues',
  'tickets-manager:showall',
  'ticket-options:deleteTicket',
  'connections-page:addConnection',
  'connections-page:editOrDeleteConnection',
  'contacts-page:deleteContact',
  'users-page:view',
  'settings-page:edit',
  'tag:editKanban',
  'quick-messages:editAny',
  'quick-messages:setGeneral',
  'messages:editAny',
  'services-page:edit',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const PERMISSION_RULES: Record<Permission, readonly UserProfileName[]> = {
  'user-modal:editProfile': ['admin'],
  'user-modal:editQueues': ['admin'],
  'tickets-manager:showall': ['admin', 'supervisor'],
  'ticket-options:deleteTicket': ['admin'],
  'connections-page:addConnection': ['admin'],
  'connections-page:editOrDeleteConnection': ['admin'],
  'contacts-page:deleteContact': ['admin', 'supervisor'],
  'users-page:view': ['admin', 'supervisor'],
  'settings-page:edit': ['admin'],
  'tag:editKanban': ['admin', 'supervisor'],
  'quick-messages:editAny': ['admin', 'supervisor'],
  'quick-messages:setGeneral': ['admin'],
  'messages:editAny': ['admin', 'supervisor'],
  'services-page:edit': ['admin', 'supervisor'],
};

/** Whether a user may do what the named check guards; a super user may do everything. */
export function can(user: { profile: string; super?: boolean } | null | undefined, permission: Permission): boolean {
  if (!user) return false;
  if (user.super) return true;
  return (PERMISSION_RULES[permission] as readonly string[]).includes(user.profile);
}
