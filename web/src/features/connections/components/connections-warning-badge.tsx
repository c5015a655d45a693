import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

import { useConnections } from '../api/get-connections';
import { useConnectionsRealtime } from '../hooks/use-connections-realtime';
import { useConnectionsWarning } from '../hooks/use-connections-warning';

type ConnectionsWarningBadgeProps = {
  companyId: number;
};

/** The side menu's '!' on Connections while a connection needs attention (spec section 2). */
export function ConnectionsWarningBadge({ companyId }: ConnectionsWarningBadgeProps) {
  const { t } = useTranslation();
  const connectionsQuery = useConnections({ silent: true });
  useConnectionsRealtime(companyId);
  const warning = useConnectionsWarning(connectionsQuery.data);
  if (!warning) return null;
  return (
    <Badge
      colorPalette="red"
      variant="solid"
      size="xs"
      borderRadius="full"
      title={t('connections.attention')}
      data-testid="connections-warning-badge"
    >
      !
    </Badge>
  );
}
