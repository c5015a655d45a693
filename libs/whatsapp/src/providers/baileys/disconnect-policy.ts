/** What a closed Baileys socket means for the session, by the close's status code (see BAILEYS.md). */
export type DisconnectAction =
  | { kind: 'reconnect'; delayMs: number; reason: string }
  | { kind: 'qr-expired' }
  | { kind: 'replaced' }
  | { kind: 'logged-out' }
  | { kind: 'forbidden' }
  | { kind: 'refresh-version'; delayMs: number };

export const DISCONNECT_CODES = {
  connectionClosed: 428,
  timedOut: 408,
  loggedOut: 401,
  forbidden: 403,
  badVersion: 405,
  multideviceMismatch: 411,
  connectionReplaced: 440,
  badSession: 500,
  unavailableService: 503,
  restartRequired: 515,
} as const;

const BASE_DELAY_MS = 2_000;
const MAX_DELAY_MS = 60_000;

/** Exponential backoff with a little jitter, capped. `attempt` counts from 1. */
export function backoffDelay(attempt: number, random = Math.random): number {
  const exponential = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential * (0.8 + 0.4 * random()));
}

/**
 * @param statusCode the close's `lastDisconnect.error.output.statusCode` (undefined: no code)
 * @param paired whether the creds hold `me` (a login exists)
 * @param attempt how many reconnects in a row this would be
 */
export function disconnectAction(statusCode: number | undefined, paired: boolean, attempt: number): DisconnectAction {
  switch (statusCode) {
    case DISCONNECT_CODES.restartRequired:
      return { kind: 'reconnect', delayMs: 0, reason: 'restart required (after pairing)' };
    case DISCONNECT_CODES.loggedOut:
    case DISCONNECT_CODES.multideviceMismatch:
      return { kind: 'logged-out' };
    case DISCONNECT_CODES.forbidden:
      return { kind: 'forbidden' };
    case DISCONNECT_CODES.connectionReplaced:
      return { kind: 'replaced' };
    case DISCONNECT_CODES.badVersion:
      return { kind: 'refresh-version', delayMs: backoffDelay(attempt) };
    case DISCONNECT_CODES.timedOut:
      return paired ? { kind: 'reconnect', delayMs: backoffDelay(attempt), reason: 'timed out' } : { kind: 'qr-expired' };
    default:
      return { kind: 'reconnect', delayMs: backoffDelay(attempt), reason: `closed (${statusCode ?? 'no code'})` };
  }
}
