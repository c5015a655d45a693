import type { ErrorCode } from '@app/contracts';
import { API_PREFIX } from '@app/platform';

export type TicketAccess = { allowed: true } | { allowed: false; error: ErrorCode | string };

/**
 * Asks the conversations service, with the socket's own token, whether its user may see a ticket:
 * the same check as the REST call, so a socket never joins a room the REST API would refuse.
 */
export async function checkTicketAccess(conversationsUrl: string | undefined, token: string, ticketId: number): Promise<TicketAccess> {
  if (!conversationsUrl) return { allowed: false, error: 'ERR_INTERNAL' };
  try {
    const response = await fetch(`${conversationsUrl.replace(/\/$/, '')}/${API_PREFIX}/tickets/${ticketId}`, {
      headers: { Authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(5_000),
    });
    if (response.ok) return { allowed: true };
    const body = (await response.json().catch(() => ({}))) as { error?: string };
    return { allowed: false, error: body.error ?? `HTTP_${response.status}` };
  } catch {
    return { allowed: false, error: 'ERR_INTERNAL' };
  }
}
