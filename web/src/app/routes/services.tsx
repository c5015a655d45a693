import { useAuth } from '@/features/auth/hooks/use-auth';
import { can } from '@/features/auth/utils/permissions';
import { ServicesPage } from '@/features/services/components/services-page';

/** /services (spec 1: always in the menu): every user reads the catalogue; `services-page:edit` changes it. */
export function ServicesRoute() {
  const { user } = useAuth();
  if (!user) return null;
  return <ServicesPage canEdit={can(user, 'services-page:edit')} />;
}
