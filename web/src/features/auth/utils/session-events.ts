import { type AuthSocketPayload, companySocketEvent } from '@app/contracts';

import { decodeJwtPayload } from '@/lib/jwt';

/** `company-{id}-auth`: a user logged in again, in the session its payload names. */
export function authEventName(companyId: number) {
  return companySocketEvent(companyId, 'auth');
}

/**
 * True when the event says this user logged in in ANOTHER session than the one of `token`
 * (its `sid` claim): this browser then signs out. Events about other users, about this very
 * session, or without a session id to compare change nothing.
 */
export function isReplacedByOtherSession(
  event: Partial<AuthSocketPayload> | null | undefined,
  token: string | null,
  userId: number,
): boolean {
  if (!event || typeof event !== 'object' || !token) return false;
  const eventUserId = event.user?.id;
  if (eventUserId !== undefined && Number(eventUserId) !== userId) return false;
  const sid = decodeJwtPayload(token)?.sid;
  if (typeof sid !== 'string' || typeof event.sessionId !== 'string') return false;
  return event.sessionId !== sid;
}
