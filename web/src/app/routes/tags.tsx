import { useAuth } from '@/features/auth/hooks/use-auth';
import { can } from '@/features/auth/utils/permissions';
import { TagsPage } from '@/features/tags/components/tags-page';

/** /tags (spec 2): every user; the kanban toggle follows `tag:editKanban`. */
export function TagsRoute() {
  const { user } = useAuth();
  if (!user) return null;
  return <TagsPage companyId={user.companyId} canEditKanban={can(user, 'tag:editKanban')} />;
}
