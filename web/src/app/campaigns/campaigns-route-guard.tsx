import type { ReactNode } from 'react';

import { PlanGuard } from '@/features/auth/components/plan-guard';

import { NotFoundRoute } from '../routes/not-found';
import { useCampaignsShown } from './use-campaigns-shown';

/**
 * The campaign screens (/contact-lists, /campaigns-config): they exist only while campaigns are shown
 * (cshow), and need the plan's campaigns; the server enforces the plan too.
 */
export function CampaignsRouteGuard({ children }: { children: ReactNode }) {
  const { ready, shown } = useCampaignsShown();
  if (!ready && !shown) return null;
  if (!shown) return <NotFoundRoute />;
  return <PlanGuard flag="useCampaigns">{children}</PlanGuard>;
}
