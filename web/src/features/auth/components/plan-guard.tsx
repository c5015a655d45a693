import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { useAuth } from '../hooks/use-auth';
import type { PlanFlag } from '../types';
import { hasPlanFlag } from '../utils/permissions';
import { AccessGuard } from './access-guard';

type PlanGuardProps = {
  flag: PlanFlag;
  children: ReactNode;
};

/**
 * A page of a plan feature (kanban, schedules, prompts...): without the flag in the company's plan,
 * 'Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.' and back
 * to / after 1 s.
 */
export function PlanGuard({ flag, children }: PlanGuardProps) {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <AccessGuard allowed={hasPlanFlag(user?.company?.plan, flag)} deniedMessage={t('common.noPlanPermission')}>
      {children}
    </AccessGuard>
  );
}
