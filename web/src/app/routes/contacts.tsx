import { useCallback } from 'react';
import { useNavigate } from 'react-router';

import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import type { AuthUser } from '@/features/auth/types';
import { can } from '@/features/auth/utils/permissions';
import { ContactsPage } from '@/features/contacts/components/contacts-page';

/** /contacts (spec 1 section 2); delete follows the `contacts-page:deleteContact` check. */
export function ContactsRoute() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const handleOpenTicket = useCallback((uuid: string) => navigate(`${paths.tickets}/${uuid}`), [navigate]);
  if (!user) return null;
  const contactsUser = user as AuthUser & { queues?: { id: number }[] };
  return <ContactsPage user={contactsUser} canDelete={can(user, 'contacts-page:deleteContact')} onOpenTicket={handleOpenTicket} />;
}
