import { PlanGuard } from '@/features/auth/components/plan-guard';
import { MessagesApiPage } from '@/features/messages-api/components/messages-api-page';

/** /messages-api (spec 3): needs the plan flag useExternalApi; without it the no-permission message and back to / after 1 s. Loaded lazily by the router. */
export function MessagesApiRoute() {
  return (
    <PlanGuard flag="useExternalApi">
      <MessagesApiPage />
    </PlanGuard>
  );
}
