import { useAuth } from '@/features/auth/hooks/use-auth';
import { SubscriptionPage } from '@/features/billing/components/subscription-page';

/** /subscription (spec 1: private, any user of the company): Assinatura. */
export function SubscriptionRoute() {
  const { user } = useAuth();
  if (!user) return null;
  return <SubscriptionPage companyId={user.companyId} />;
}
