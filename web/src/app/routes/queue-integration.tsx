import { useQueues } from '@/api/get-queues';
import { PlanGuard } from '@/features/auth/components/plan-guard';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { QueueIntegrationsPage } from '@/features/queue-integrations/components/queue-integrations-page';
import { queueLimit } from '@/features/queues/utils/queue-form';

/** /queue-integration (spec 3, queue integrations page): plan flag useIntegrations, otherwise the message and back to /. */
export function QueueIntegrationRoute() {
  const { user } = useAuth();
  if (!user) return null;
  const plan = user.company?.plan as { queues?: number } | undefined;
  return (
    <PlanGuard flag="useIntegrations">
      <QueueIntegrations companyId={user.companyId} maxQueues={plan?.queues} />
    </PlanGuard>
  );
}

function QueueIntegrations({ companyId, maxQueues }: { companyId: number; maxQueues?: number }) {
  const queues = useQueues({ silent: true });
  const limit = queueLimit(queues.data?.length ?? 0, maxQueues);
  return <QueueIntegrationsPage companyId={companyId} limitReached={limit.reached} limitLabel={limit.label} />;
}
