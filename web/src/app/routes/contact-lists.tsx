import { useParams } from 'react-router';

import { useAuth } from '@/features/auth/hooks/use-auth';
import { can } from '@/features/auth/utils/permissions';
import { ContactListItemsPage } from '@/features/contact-lists/components/contact-list-items-page';
import { ContactListsPage } from '@/features/contact-lists/components/contact-lists-page';

import { CampaignsRouteGuard } from '../campaigns/campaigns-route-guard';
import { NotFoundRoute } from './not-found';

/** /contact-lists (spec 2): the company's contact lists. */
export function ContactListsRoute() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <CampaignsRouteGuard>
      <ContactListsPage companyId={user.companyId} />
    </CampaignsRouteGuard>
  );
}

/** /contact-lists/{contactListId}/contacts: a list's contacts; deleting follows contacts-page:deleteContact. */
export function ContactListItemsRoute() {
  const { user } = useAuth();
  const { contactListId } = useParams();
  const id = Number(contactListId);
  if (!user) return null;
  if (!Number.isInteger(id) || id <= 0) return <NotFoundRoute />;
  return (
    <CampaignsRouteGuard>
      <ContactListItemsPage companyId={user.companyId} contactListId={id} canDelete={can(user, 'contacts-page:deleteContact')} />
    </CampaignsRouteGuard>
  );
}
