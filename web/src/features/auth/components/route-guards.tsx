import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';

import { FullPageSpinner } from '@/components/ui/full-page-spinner';
import { HOME_AFTER_LOGIN, paths } from '@/config/paths';

import { useAuth } from '../hooks/use-auth';

type GuardProps = {
  children: ReactNode;
};

/** Private routes: an anonymous visitor goes to /login. */
export function PrivateRoute({ children }: GuardProps) {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) return <FullPageSpinner />;
  if (!user) return <Navigate to={paths.login} replace state={{ from: location.pathname }} />;
  return children;
}

/**
 * Public-only routes (login, sign-up, password reset): a signed-in user goes to / — straight to the
 * page / leads to, so that this redirect and the login page's own navigation agree on one target.
 */
export function PublicOnlyRoute({ children }: GuardProps) {
  const { user, loading } = useAuth();
  if (loading) return <FullPageSpinner />;
  if (user) return <Navigate to={HOME_AFTER_LOGIN} replace />;
  return children;
}
