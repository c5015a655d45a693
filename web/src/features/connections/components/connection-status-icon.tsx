import { chakra, Icon, Portal, Spinner, Text, Tooltip, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { IconType } from 'react-icons';
import { LuCircleCheck, LuClock, LuQrCode, LuSmartphone, LuWifiOff } from 'react-icons/lu';

import type { ConnectionStatus } from '../types';
import { isConnectionStatus } from '../utils/connection-status';

const ICONS: Record<Exclude<ConnectionStatus, 'OPENING'>, { icon: IconType; color: string }> = {
  CONNECTED: { icon: LuCircleCheck, color: 'green.500' },
  DISCONNECTED: { icon: LuWifiOff, color: 'red.500' },
  qrcode: { icon: LuQrCode, color: 'orange.500' },
  PAIRING: { icon: LuSmartphone, color: 'blue.500' },
  TIMEOUT: { icon: LuClock, color: 'orange.500' },
};

type ConnectionStatusIconProps = {
  status: string;
};

/**
 * The status icon of a card with a tooltip saying what the status means and what to do; a screen
 * reader hears the status as the icon's name.
 */
export function ConnectionStatusIcon({ status }: ConnectionStatusIconProps) {
  const { t } = useTranslation();
  if (!isConnectionStatus(status)) return null;
  const title = t(`connections.tooltips.${status}.title`);
  const content = t(`connections.tooltips.${status}.content`);
  const visual = status === 'OPENING' ? null : ICONS[status];

  return (
    <Tooltip.Root openDelay={200} positioning={{ placement: 'top' }}>
      <Tooltip.Trigger asChild>
        {/* A button the keyboard reaches, named by the status it shows; the tooltip describes it. */}
        <chakra.button type="button" display="inline-flex" borderRadius="full" data-testid="connection-status-icon" data-status={status}>
          {visual ? (
            <Icon as={visual.icon} color={visual.color} boxSize="5" aria-hidden />
          ) : (
            <Spinner size="sm" color="blue.500" aria-hidden />
          )}
          <VisuallyHidden>{title}</VisuallyHidden>
        </chakra.button>
      </Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content maxW="xs">
            <Text fontWeight="semibold">{title}</Text>
            <Text>{content}</Text>
          </Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}
