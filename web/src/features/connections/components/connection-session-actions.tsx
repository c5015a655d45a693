import { Button, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuPlugZap, LuQrCode, LuRotateCcw, LuUnplug } from 'react-icons/lu';

import type { Connection } from '../types';
import { actionsForStatus } from '../utils/connection-status';

/** What the session buttons do, handed down from the connections page. */
export type ConnectionSessionHandlers = {
  onShowQrCode: (connection: Connection) => void;
  onRetry: (connection: Connection) => void;
  onNewQrCode: (connection: Connection) => void;
  onDisconnect: (connection: Connection) => void;
};

type ConnectionSessionActionsProps = {
  connection: Connection;
  /** The id whose session call is in flight, to show its button busy. */
  busy?: boolean;
  handlers: ConnectionSessionHandlers;
};

/** The session buttons of spec section 4's table, by status. */
export function ConnectionSessionActions({ connection, busy, handlers }: ConnectionSessionActionsProps) {
  const { onShowQrCode, onRetry, onNewQrCode, onDisconnect } = handlers;
  const { t } = useTranslation();
  const actions = actionsForStatus(connection.status);
  if (actions.length === 0) return null;

  return (
    <HStack gap="2" wrap="wrap" data-testid="connection-session-actions">
      {actions.map((action) => {
        switch (action) {
          case 'showQrCode':
            return (
              <Button
                key={action}
                size="sm"
                colorPalette="brand"
                onClick={() => onShowQrCode(connection)}
                data-testid="connection-qrcode-button"
              >
                <LuQrCode /> {t('connections.buttons.qrcode')}
              </Button>
            );
          case 'retry':
            return (
              <Button
                key={action}
                size="sm"
                colorPalette="brand"
                loading={busy}
                onClick={() => onRetry(connection)}
                data-testid="connection-retry-button"
              >
                <LuRotateCcw /> {t('connections.buttons.retry')}
              </Button>
            );
          case 'newQrCode':
            return (
              <Button
                key={action}
                size="sm"
                variant="outline"
                colorPalette="red"
                loading={busy}
                onClick={() => onNewQrCode(connection)}
                data-testid="connection-new-qr-button"
              >
                <LuQrCode /> {t('connections.buttons.newQr')}
              </Button>
            );
          case 'disconnect':
            return (
              <Button
                key={action}
                size="sm"
                variant="outline"
                colorPalette="red"
                onClick={() => onDisconnect(connection)}
                data-testid="connection-disconnect-button"
              >
                <LuUnplug /> {t('connections.buttons.disconnect')}
              </Button>
            );
          case 'connecting':
            return (
              <Button
                key={action}
                size="sm"
                variant="outline"
                disabled
                loading
                loadingText={t('connections.buttons.connecting')}
                spinnerPlacement="start"
                data-testid="connection-connecting-button"
              >
                <LuPlugZap /> {t('connections.buttons.connecting')}
              </Button>
            );
        }
      })}
    </HStack>
  );
}
