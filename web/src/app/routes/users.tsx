import { Heading, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

import { PermissionGuard } from '@/features/auth/components/role-guard';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { can } from '@/features/auth/utils/permissions';
import { UsersList } from '@/features/users/components/users-list';

/** /users: admins and supervisors (`users-page:view`). */
export function UsersRoute() {
  const { t } = useTranslation();
  const { user } = useAuth();
  if (!user) return null;

  return (
    <Stack gap="4" data-testid="users-page">
      <Heading as="h1" size="xl">
        {t('users.title')}
      </Heading>
      <PermissionGuard permission="users-page:view">
        <UsersList
          companyId={user.companyId}
          currentUserId={user.id}
          canEditProfile={can(user, 'user-modal:editProfile')}
          canEditQueues={can(user, 'user-modal:editQueues')}
        />
      </PermissionGuard>
    </Stack>
  );
}
