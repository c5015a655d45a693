import { Alert } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

import { useAuth } from '@/features/auth/hooks/use-auth';
import { isAdmin } from '@/features/auth/utils/roles';
import { QueuesPage } from '@/features/queues/components/queues-page';

/** /queues, in the admin area (spec 3, Queues screen); the add button follows the plan's queue limit. */
export function QueuesRoute() {
  const { t } = useTranslation();
  const { user } = useAuth();
  if (!user) return null;

  if (!isAdmin(user)) {
    return (
      <Alert.Root status="warning" data-testid="queues-forbidden">
        <Alert.Indicator />
        <Alert.Title>{t('errors.ERR_NO_PERMISSION')}</Alert.Title>
      </Alert.Root>
    );
  }

  const plan = user.company?.plan as { queues?: number } | undefined;
  return <QueuesPage maxQueues={plan?.queues} />;
}
