import type { ErrorCode } from '@app/contracts';
import { callService } from '@app/platform';

export type TicketAccess = { allowed: true } | { allowed: false; error: ErrorCode | string };

/**
 * Asks the conversations service, with the socket's own token, whether its user may see a ticket:
 * the same check as the REST call, so a socket never joins a room the REST API would refuse.
 */
export async function checkTicketAccess(conversationsUrl: string | undefined, token: string, ticketId: number): Promise<TicketAccess> {
  if (!conversationsUrl) return { allowed: false, error: 'ERR_INTERNAL' };
  try {
    const answer = await callService<{ error?: string }>(conversationsUrl, `/tickets/${ticketId}`, {
      authorization: `Bearer ${token}`,
      timeoutMs: 5_000,
    });
    if (answer.ok) return { allowed: true };
    return { allowed: false, error: answer.body?.error ?? `HTTP_${answer.status}` };
  } catch {
    return { allowed: false, error: 'ERR_INTERNAL' };
  }
}
