import { backoffDelay, DISCONNECT_CODES, disconnectAction } from './disconnect-policy';

describe('Baileys disconnect policy', () => {
  it('right after a QR scan (515) the session reconnects at once', () => {
    expect(disconnectAction(DISCONNECT_CODES.restartRequired, true, 1)).toEqual(expect.objectContaining({ kind: 'reconnect', delayMs: 0 }));
  });

  it('a logged-out session (401) is not reconnected: it goes DISCONNECTED and waits for a new QR', () => {
    expect(disconnectAction(DISCONNECTED_401, true, 1)).toEqual({ kind: 'logged-out' });
  });

  it('a timeout before pairing means the QR expired; after pairing it is a network drop with backoff', () => {
    expect(disconnectAction(DISCONNECT_CODES.timedOut, false, 1)).toEqual({ kind: 'qr-expired' });
    expect(disconnectAction(DISCONNECT_CODES.timedOut, true, 3)).toEqual(expect.objectContaining({ kind: 'reconnect' }));
  });

  it('a replaced connection (440) and a ban (403) are never looped on', () => {
    expect(disconnectAction(DISCONNECT_CODES.connectionReplaced, true, 1)).toEqual({ kind: 'replaced' });
    expect(disconnectAction(DISCONNECT_CODES.forbidden, true, 1)).toEqual({ kind: 'forbidden' });
  });

  it('a stale WhatsApp Web version (405) refreshes the version before retrying', () => {
    expect(disconnectAction(DISCONNECT_CODES.badVersion, false, 1).kind).toBe('refresh-version');
  });

  it('a closed stream (428) backs off, growing with the attempts up to a minute', () => {
    const half = () => 0.5;
    expect(backoffDelay(1, half)).toBe(2_000);
    expect(backoffDelay(2, half)).toBe(4_000);
    expect(backoffDelay(10, half)).toBe(60_000);
    const action = disconnectAction(DISCONNECT_CODES.connectionClosed, true, 2);
    expect(action.kind).toBe('reconnect');
  });
});

const DISCONNECTED_401 = DISCONNECT_CODES.loggedOut;
