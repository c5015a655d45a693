import { useSearchParams } from 'react-router';

import { PlanGuard } from '@/features/auth/components/plan-guard';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { SchedulesPage } from '@/features/schedules/components/schedules-page';

/** /schedules?contactId= (spec 2): the plan's useSchedules; a contactId opens the new-appointment dialog for that contact. */
export function SchedulesRoute() {
  const { user } = useAuth();
  const [searchParams] = useSearchParams();
  const raw = Number(searchParams.get('contactId'));
  const contactId = Number.isInteger(raw) && raw > 0 ? raw : null;
  if (!user) return null;
  return (
    <PlanGuard flag="useSchedules">
      <SchedulesPage companyId={user.companyId} contactId={contactId} />
    </PlanGuard>
  );
}
