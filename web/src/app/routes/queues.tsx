import { RoleGuard } from '@/features/auth/components/role-guard';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { hasPlanFlag } from '@/features/auth/utils/permissions';
import { QueuesPage } from '@/features/queues/components/queues-page';

/** /queues, in the admin area (spec 3, Queues screen); the add button follows the plan's queue limit. */
export function QueuesRoute() {
  const { user } = useAuth();
  if (!user) return null;
  const plan = user.company?.plan as { queues?: number } | undefined;
  return (
    <RoleGuard role="admin">
      <QueuesPage maxQueues={plan?.queues} canBind={hasPlanFlag(user.company?.plan, 'useIntegrations')} />
    </RoleGuard>
  );
}
