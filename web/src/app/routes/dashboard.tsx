import { Navigate } from 'react-router';

import { HOME_AFTER_LOGIN } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { isAdmin } from '@/features/auth/utils/roles';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';

/** `/`: the dashboard for admins (issue 13); anyone else lands on the tickets. The server refuses them its figures too. */
export function DashboardRoute() {
  const { user } = useAuth();
  if (!user) return null;
  if (!isAdmin(user)) return <Navigate to={HOME_AFTER_LOGIN} replace />;
  return <DashboardPage companyId={user.companyId} />;
}
