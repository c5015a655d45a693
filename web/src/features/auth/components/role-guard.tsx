import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { useAuth } from '../hooks/use-auth';
import { isAdmin, isSuper } from '../utils/roles';
import { AccessGuard } from './access-guard';

type RoleGuardProps = {
  role: 'admin' | 'super';
  /** The reason to show; the spec's plan-permission text by default (as the announcements page says). */
  deniedMessage?: string;
  children: ReactNode;
};

/** A page for admins, or for super users only. */
export function RoleGuard({ role, deniedMessage, children }: RoleGuardProps) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const allowed = role === 'super' ? isSuper(user) : isAdmin(user);
  return (
    <AccessGuard allowed={allowed} deniedMessage={deniedMessage ?? t('common.noPlanPermission')}>
      {children}
    </AccessGuard>
  );
}
