import { useCallback } from 'react';
import { useNavigate, useParams } from 'react-router';

import { paths } from '@/config/paths';
import { PlanGuard } from '@/features/auth/components/plan-guard';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { ChatsPage } from '@/features/chats/components/chats-page';

/** /chats and /chats/{uuid} (spec 2): the plan's useInternalChat. */
export function ChatsRoute() {
  const { user } = useAuth();
  const { chatUuid } = useParams();
  const navigate = useNavigate();
  const handleSelect = useCallback(
    (uuid: string | null) => navigate(uuid ? `${paths.chats}/${uuid}` : paths.chats, { replace: uuid === null }),
    [navigate],
  );
  if (!user) return null;
  return (
    <PlanGuard flag="useInternalChat">
      <ChatsPage companyId={user.companyId} userId={user.id} selectedUuid={chatUuid} onSelect={handleSelect} />
    </PlanGuard>
  );
}
