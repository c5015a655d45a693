import { RoleGuard } from '@/features/auth/components/role-guard';
import { useAuth } from '@/features/auth/hooks/use-auth';
import type { CurrentPlan } from '@/features/billing/components/checkout-dialog';
import { InvoicesPage } from '@/features/billing/components/invoices-page';

/** /financeiro (spec 1: admin): the company's invoices and the Pix checkout. */
export function FinanceiroRoute() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <RoleGuard role="admin">
      <InvoicesPage companyId={user.companyId} plan={user.company?.plan as CurrentPlan | undefined} />
    </RoleGuard>
  );
}
