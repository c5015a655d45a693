import type { ReactNode } from 'react';

import { PlanGuard } from '@/features/auth/components/plan-guard';
import { RoleGuard } from '@/features/auth/components/role-guard';

import { NotFoundRoute } from '../routes/not-found';
import { useCampaignsShown } from './use-campaigns-shown';

/**
 * The campaign screens (/contact-lists, /campaigns, /campaign/{id}/report, /campaigns-config): they exist only while campaigns are shown
 * (cshow), need the plan's campaigns and are for admins (spec 2, section 6); the server enforces both.
 */
export function CampaignsRouteGuard({ children }: { children: ReactNode }) {
  const { ready, shown } = useCampaignsShown();
  if (!ready && !shown) return null;
  if (!shown) return <NotFoundRoute />;
  return (
    <RoleGuard role="admin">
      <PlanGuard flag="useCampaigns">{children}</PlanGuard>
    </RoleGuard>
  );
}
