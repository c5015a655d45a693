import { useParams } from 'react-router';

import { useAuth } from '@/features/auth/hooks/use-auth';
import { CampaignReportPage } from '@/features/campaigns/components/campaign-report-page';
import { CampaignsPage } from '@/features/campaigns/components/campaigns-page';

import { CampaignsRouteGuard } from '../campaigns/campaigns-route-guard';
import { NotFoundRoute } from './not-found';

/** /campaigns (spec 2): the company's campaigns. */
export function CampaignsRoute() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <CampaignsRouteGuard>
      <CampaignsPage companyId={user.companyId} />
    </CampaignsRouteGuard>
  );
}

/** /campaign/{campaignId}/report (spec 2): one campaign's progress, live. */
export function CampaignReportRoute() {
  const { user } = useAuth();
  const { campaignId } = useParams();
  const id = Number(campaignId);
  if (!user) return null;
  if (!Number.isInteger(id) || id <= 0) return <NotFoundRoute />;
  return (
    <CampaignsRouteGuard>
      <CampaignReportPage companyId={user.companyId} campaignId={id} />
    </CampaignsRouteGuard>
  );
}
