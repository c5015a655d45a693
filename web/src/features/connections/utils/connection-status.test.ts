import { describe, expect, it } from 'vitest';

import { actionsForStatus, chipForStatus, needsAttention } from './connection-status';

describe('connection status', () => {
  it('offers the buttons of the spec table for each status', () => {
    expect(actionsForStatus('qrcode')).toEqual(['showQrCode']);
    expect(actionsForStatus('DISCONNECTED')).toEqual(['retry', 'newQrCode']);
    expect(actionsForStatus('CONNECTED')).toEqual(['disconnect']);
    expect(actionsForStatus('PAIRING')).toEqual(['disconnect']);
    expect(actionsForStatus('TIMEOUT')).toEqual(['disconnect']);
    expect(actionsForStatus('OPENING')).toEqual(['connecting']);
  });

  it('an unknown status offers no session button', () => {
    expect(actionsForStatus('SOMETHING')).toEqual([]);
    expect(actionsForStatus('toString')).toEqual([]);
  });

  it('has chips only for CONNECTED, DISCONNECTED and qrcode', () => {
    expect(chipForStatus('CONNECTED')?.labelKey).toBe('connections.status.CONNECTED');
    expect(chipForStatus('DISCONNECTED')?.labelKey).toBe('connections.status.DISCONNECTED');
    expect(chipForStatus('qrcode')?.labelKey).toBe('connections.status.qrcode');
    for (const status of ['PAIRING', 'TIMEOUT', 'OPENING']) expect(chipForStatus(status)).toBeNull();
  });

  it('needs attention when any connection is in qrcode, PAIRING, DISCONNECTED, TIMEOUT or OPENING', () => {
    expect(needsAttention([])).toBe(false);
    expect(needsAttention([{ status: 'CONNECTED' }, { status: 'CONNECTED' }])).toBe(false);
    for (const status of ['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING']) {
      expect(needsAttention([{ status: 'CONNECTED' }, { status }])).toBe(true);
    }
  });
});
