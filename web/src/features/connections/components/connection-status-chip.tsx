import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

import { chipForStatus } from '../utils/connection-status';

type ConnectionStatusChipProps = {
  status: string;
};

/** 'Conectado', 'Desconectado' or 'QR Code'; other statuses have no chip. */
export function ConnectionStatusChip({ status }: ConnectionStatusChipProps) {
  const { t } = useTranslation();
  const chip = chipForStatus(status);
  if (!chip) return null;
  return (
    <Badge colorPalette={chip.palette} variant="subtle" data-testid="connection-status-chip">
      {t(chip.labelKey)}
    </Badge>
  );
}
