import { AgentsPage } from '@/features/agents/components/agents-page';
import { PlanGuard } from '@/features/auth/components/plan-guard';
import { useAuth } from '@/features/auth/hooks/use-auth';

/** /integrations-and-agents (spec 3): plan flag useIntegrations; without it the no-permission message and back to / after 1 s. */
export function IntegrationsAndAgentsRoute() {
  const { user } = useAuth();
  if (!user) return null;
  const plan = user.company?.plan as { queues?: number } | undefined;
  return (
    <PlanGuard flag="useIntegrations">
      <AgentsPage companyId={user.companyId} maxQueues={plan?.queues} />
    </PlanGuard>
  );
}
