import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';

import { paths } from '@/config/paths';
import { PlanGuard } from '@/features/auth/components/plan-guard';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { KanbanBoard } from '@/features/kanban/components/kanban-board';

/** /kanban (spec 2): the plan's useKanban; the tickets of the user's queues. */
export function KanbanRoute() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const handleOpen = useCallback((uuid: string) => navigate(`${paths.tickets}/${uuid}`), [navigate]);
  const queueIds = useMemo(() => user?.queues.map((queue) => queue.id) ?? [], [user]);
  if (!user) return null;
  return (
    <PlanGuard flag="useKanban">
      <KanbanBoard companyId={user.companyId} queueIds={queueIds} onOpen={handleOpen} />
    </PlanGuard>
  );
}
