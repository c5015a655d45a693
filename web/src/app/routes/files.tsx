import { useAuth } from '@/features/auth/hooks/use-auth';
import { FileListsPage } from '@/features/file-lists/components/file-lists-page';

/** /files (spec 2): the company's file lists, for every user. */
export function FilesRoute() {
  const { user } = useAuth();
  if (!user) return null;
  return <FileListsPage companyId={user.companyId} />;
}
