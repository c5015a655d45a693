import type { ScheduleStatus } from '@app/contracts';
import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

const PALETTES: Record<ScheduleStatus, string> = { PENDENTE: 'blue', ENVIANDO: 'orange', ENVIADA: 'green', ERRO: 'red' };

/** Pendente, Enviando, Enviada or 'Erro de Envio'. */
export function ScheduleStatusBadge({ status }: { status: ScheduleStatus }) {
  const { t } = useTranslation();
  return (
    <Badge colorPalette={PALETTES[status]} variant="subtle" data-testid="schedule-status" data-status={status}>
      {t(`schedules.status.${status}`)}
    </Badge>
  );
}
