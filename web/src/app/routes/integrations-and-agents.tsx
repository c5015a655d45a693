import { useQueueIntegrations } from '@/api/get-queue-integrations';
import { AgentsPage } from '@/features/agents/components/agents-page';
import { PlanGuard } from '@/features/auth/components/plan-guard';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { QueueIntegrationsPanel } from '@/features/queue-integrations/components/queue-integrations-panel';

/** /integrations-and-agents (spec 3): plan flag useIntegrations; without it the no-permission message and back to / after 1 s. */
export function IntegrationsAndAgentsRoute() {
  const { user } = useAuth();
  if (!user) return null;
  const plan = user.company?.plan as { queues?: number } | undefined;
  return (
    <PlanGuard flag="useIntegrations">
      <IntegrationsAndAgents companyId={user.companyId} maxQueues={plan?.queues} />
    </PlanGuard>
  );
}

/** The two tabs: Integrações (the integrations feature's panel) and Agentes IA. */
function IntegrationsAndAgents({ companyId, maxQueues }: { companyId: number; maxQueues?: number }) {
  const integrations = useQueueIntegrations(companyId, { silent: true });
  return (
    <AgentsPage
      companyId={companyId}
      maxQueues={maxQueues}
      integrationsTab={{
        count: integrations.data?.length ?? 0,
        render: (props) => <QueueIntegrationsPanel companyId={companyId} {...props} />,
      }}
    />
  );
}
