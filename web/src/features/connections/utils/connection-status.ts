import { CONNECTION_STATUSES, CONNECTION_WARNING_STATUSES } from '@app/contracts';

import type { ConnectionStatus } from '../types';

/** What a card offers for a status (spec section 4, table "Connection statuses"). */
export type ConnectionAction = 'showQrCode' | 'retry' | 'newQrCode' | 'disconnect' | 'connecting';

const ACTIONS_BY_STATUS: Record<ConnectionStatus, readonly ConnectionAction[]> = {
  qrcode: ['showQrCode'],
  DISCONNECTED: ['retry', 'newQrCode'],
  CONNECTED: ['disconnect'],
  PAIRING: ['disconnect'],
  TIMEOUT: ['disconnect'],
  OPENING: ['connecting'],
};

export function isConnectionStatus(status: string): status is ConnectionStatus {
  return (CONNECTION_STATUSES as readonly string[]).includes(status);
}

/** The session buttons shown on a card; an unknown status offers none. */
export function actionsForStatus(status: string): readonly ConnectionAction[] {
  return isConnectionStatus(status) ? ACTIONS_BY_STATUS[status] : [];
}

export type StatusChip = {
  labelKey: 'connections.status.CONNECTED' | 'connections.status.DISCONNECTED' | 'connections.status.qrcode';
  palette: string;
};

/** Chips exist only for CONNECTED, DISCONNECTED and qrcode. */
export function chipForStatus(status: string): StatusChip | null {
  switch (status) {
    case 'CONNECTED':
      return { labelKey: 'connections.status.CONNECTED', palette: 'green' };
    case 'DISCONNECTED':
      return { labelKey: 'connections.status.DISCONNECTED', palette: 'red' };
    case 'qrcode':
      return { labelKey: 'connections.status.qrcode', palette: 'orange' };
    default:
      return null;
  }
}

/** True when any connection is in a status that puts the '!' on the menu (spec section 9). */
export function needsAttention(connections: readonly { status: string }[]): boolean {
  return connections.some((connection) => (CONNECTION_WARNING_STATUSES as readonly string[]).includes(connection.status));
}
