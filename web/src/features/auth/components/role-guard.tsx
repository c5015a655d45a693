import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { useAuth } from '../hooks/use-auth';
import { can, type Permission } from '../utils/permissions';
import { isAdmin, isSuper } from '../utils/roles';
import { AccessGuard } from './access-guard';

type RoleGuardProps = {
  role: 'admin' | 'super';
  /** Only the logos page's own spec text ('Sem permissão para acessar!'); every other page says the user may not. */
  deniedMessage?: string;
  children: ReactNode;
};

/**
 * A page for admins, or for super users only. Refused, the user is told that *they* may not see it
 * (not that their company's plan lacks it) and goes to / after 1 s, as every refused page does.
 */
export function RoleGuard({ role, deniedMessage, children }: RoleGuardProps) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const allowed = role === 'super' ? isSuper(user) : isAdmin(user);
  return (
    <AccessGuard allowed={allowed} deniedMessage={deniedMessage ?? t('common.noPagePermission')}>
      {children}
    </AccessGuard>
  );
}

/** A page behind one of the named permission checks (docs/permissions.md), refused like a role's page. */
export function PermissionGuard({ permission, children }: { permission: Permission; children: ReactNode }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <AccessGuard allowed={can(user, permission)} deniedMessage={t('common.noPagePermission')}>
      {children}
    </AccessGuard>
  );
}
