import { useCallback } from 'react';
import { useNavigate, useParams } from 'react-router';

import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import type { AuthUser } from '@/features/auth/types';
import { InternalLogo } from '@/features/logos/components/internal-logo';
import { TicketsManager } from '@/features/tickets/components/tickets-manager';

/** /tickets/:ticketId? — the ticket manager; ticketId is the ticket uuid (spec 1 section 2). */
export function TicketsRoute() {
  const { user } = useAuth();
  const { ticketId } = useParams();
  const navigate = useNavigate();

  const handleOpen = useCallback((uuid: string) => navigate(`${paths.tickets}/${uuid}`), [navigate]);
  const handleLeave = useCallback(() => navigate(paths.tickets, { replace: true }), [navigate]);

  if (!user) return null;
  // /auth/me carries the user's queues ({id}); the inbox filters and checks access by them.
  const inboxUser = user as AuthUser & { queues?: { id: number; name?: string }[]; whatsappId?: number | null };

  return (
    <TicketsManager
      key={user.id}
      user={inboxUser}
      selectedUuid={ticketId}
      logo={<InternalLogo />}
      onOpen={handleOpen}
      onLeave={handleLeave}
    />
  );
}
