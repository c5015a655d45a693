import { useCallback } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';

import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import type { AuthUser } from '@/features/auth/types';
import { InternalLogo } from '@/features/logos/components/internal-logo';
import { type OpenTicketOptions, TicketsManager } from '@/features/tickets/components/tickets-manager';

/**
 * /tickets/:ticketId?message= — the ticket manager; ticketId is the ticket uuid (spec 1 section 2),
 * `message` the message its chat opens at (a search found the ticket by it).
 */
export function TicketsRoute() {
  const { user } = useAuth();
  const { ticketId } = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const message = Number(searchParams.get('message'));
  const aroundMessageId = Number.isInteger(message) && message > 0 ? message : undefined;

  const handleOpen = useCallback(
    (uuid: string, options: OpenTicketOptions = {}) =>
      navigate(`${paths.tickets}/${uuid}${options.messageId ? `?message=${options.messageId}` : ''}`, { replace: options.replace }),
    [navigate],
  );
  const handleLeave = useCallback(() => navigate(paths.tickets, { replace: true }), [navigate]);

  if (!user) return null;
  // /auth/me carries the user's queues ({id}); the inbox filters and checks access by them.
  const inboxUser = user as AuthUser & { queues?: { id: number; name?: string }[]; whatsappId?: number | null };

  return (
    <TicketsManager
      key={user.id}
      user={inboxUser}
      selectedUuid={ticketId}
      aroundMessageId={aroundMessageId}
      logo={<InternalLogo />}
      onOpen={handleOpen}
      onLeave={handleLeave}
    />
  );
}
