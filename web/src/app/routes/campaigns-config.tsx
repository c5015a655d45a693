import { CampaignSettingsPage } from '@/features/campaign-settings/components/campaign-settings-page';

import { CampaignsRouteGuard } from '../campaigns/campaigns-route-guard';

/** /campaigns-config (spec 2): the campaign intervals and variables. */
export function CampaignsConfigRoute() {
  return (
    <CampaignsRouteGuard>
      <CampaignSettingsPage />
    </CampaignsRouteGuard>
  );
}
