import { RoleGuard } from '@/features/auth/components/role-guard';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { can } from '@/features/auth/utils/permissions';
import { ConnectionsPage } from '@/features/connections/components/connections-page';

/** /connections, in the admin area (spec section 2); its buttons follow the page's named checks. */
export function ConnectionsRoute() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <RoleGuard role="admin">
      <ConnectionsPage
        companyId={user.companyId}
        canAddConnection={can(user, 'connections-page:addConnection')}
        canEditOrDeleteConnection={can(user, 'connections-page:editOrDeleteConnection')}
      />
    </RoleGuard>
  );
}
