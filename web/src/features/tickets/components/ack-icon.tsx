import { Icon } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuCheck, LuCheckCheck, LuClock } from 'react-icons/lu';

import { getAckIcon } from '../utils/ack';

const LABELS = {
  clock: 'tickets.ack.clock',
  single: 'tickets.ack.single',
  double: 'tickets.ack.double',
  'double-read': 'tickets.ack.read',
} as const;

/** The delivery state of an own message (spec 1 section 4, Message states). */
export function AckIcon({ ack }: { ack: number }) {
  const { t } = useTranslation();
  const kind = getAckIcon(ack);
  const label = t(LABELS[kind]);
  return (
    <Icon size="xs" color={kind === 'double-read' ? 'blue.500' : 'fg.muted'} aria-label={label} data-testid="message-ack" data-ack={kind}>
      {kind === 'clock' ? <LuClock /> : kind === 'single' ? <LuCheck /> : <LuCheckCheck />}
    </Icon>
  );
}
