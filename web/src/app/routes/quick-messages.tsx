import { useAuth } from '@/features/auth/hooks/use-auth';
import { can } from '@/features/auth/utils/permissions';
import { QuickMessagesPage } from '@/features/quick-messages/components/quick-messages-page';

/** /quick-messages (spec 2): every user; edit and delete follow quick-messages:editAny, 'general' quick-messages:setGeneral. */
export function QuickMessagesRoute() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <QuickMessagesPage
      user={user}
      canEditAny={can(user, 'quick-messages:editAny')}
      canSetGeneral={can(user, 'quick-messages:setGeneral')}
    />
  );
}
