import { Alert } from '@chakra-ui/react';
import { type ReactNode, useEffect } from 'react';
import { useNavigate } from 'react-router';

import { TOAST_DURATION_MS, toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';

/** Spec: a page the user may not see says why and returns to / after 1 s. */
export const ACCESS_DENIED_REDIRECT_MS = 1000;

type AccessGuardProps = {
  allowed: boolean;
  /** The (translated) reason shown as a toast and on the page. */
  deniedMessage: string;
  children: ReactNode;
};

/**
 * The one way a page is refused (plan flag, role or permission alike): the page says why, a toast
 * says it too, and the user goes to / after 1 s. Never a blank page, a page-local alert or a 404.
 */
export function AccessGuard({ allowed, deniedMessage, children }: AccessGuardProps) {
  const navigate = useNavigate();

  useEffect(() => {
    if (allowed) return;
    // One toast per denied visit, even when effects run twice (StrictMode).
    toaster.create({ id: 'access-denied', type: 'error', title: deniedMessage, duration: TOAST_DURATION_MS, closable: true });
    const timer = window.setTimeout(() => navigate(paths.home, { replace: true }), ACCESS_DENIED_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [allowed, deniedMessage, navigate]);

  if (allowed) return children;
  return (
    <Alert.Root status="error" data-testid="access-denied">
      <Alert.Indicator />
      <Alert.Title>{deniedMessage}</Alert.Title>
    </Alert.Root>
  );
}
