import { AgentsVariantPage } from '@/features/agents/components/agents-variant-page';
import { PlanGuard } from '@/features/auth/components/plan-guard';
import { useAuth } from '@/features/auth/hooks/use-auth';

/** /agents (spec 3, the Agents page variant): plan flag useIntegrations like /integrations-and-agents. */
export function AgentsRoute() {
  const { user } = useAuth();
  if (!user) return null;
  const plan = user.company?.plan as { queues?: number } | undefined;
  return (
    <PlanGuard flag="useIntegrations">
      <AgentsVariantPage companyId={user.companyId} maxQueues={plan?.queues} />
    </PlanGuard>
  );
}
