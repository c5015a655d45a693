import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

import { campaignStatusColor, campaignStatusLabel } from '../utils/campaign-status';

/** A campaign's status as the spec names it (Inativa ... Finalizada), an unknown one as received. */
export function CampaignStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge colorPalette={campaignStatusColor(status)} variant="subtle" data-testid="campaign-status" data-status={status}>
      {campaignStatusLabel(status, t)}
    </Badge>
  );
}
