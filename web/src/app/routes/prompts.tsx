import { PlanGuard } from '@/features/auth/components/plan-guard';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { PromptsPage } from '@/features/prompts/components/prompts-page';

/** /prompts (spec 3): needs the plan flag useOpenAi; without it the no-permission message and back to / after 1 s. */
export function PromptsRoute() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <PlanGuard flag="useOpenAi">
      <PromptsPage companyId={user.companyId} />
    </PlanGuard>
  );
}
