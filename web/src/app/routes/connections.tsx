import { Alert } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

import { useAuth } from '@/features/auth/hooks/use-auth';
import { can } from '@/features/auth/utils/permissions';
import { isAdmin } from '@/features/auth/utils/roles';
import { ConnectionsPage } from '@/features/connections/components/connections-page';

/** /connections, in the admin area (spec section 2); its buttons follow the page's named checks. */
export function ConnectionsRoute() {
  const { t } = useTranslation();
  const { user } = useAuth();
  if (!user) return null;

  if (!isAdmin(user)) {
    return (
      <Alert.Root status="warning" data-testid="connections-forbidden">
        <Alert.Indicator />
        <Alert.Title>{t('errors.ERR_NO_PERMISSION')}</Alert.Title>
      </Alert.Root>
    );
  }

  return (
    <ConnectionsPage
      companyId={user.companyId}
      canAddConnection={can(user, 'connections-page:addConnection')}
      canEditOrDeleteConnection={can(user, 'connections-page:editOrDeleteConnection')}
    />
  );
}
