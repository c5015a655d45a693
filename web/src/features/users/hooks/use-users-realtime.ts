import { companySocketEvent } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';

import { useSocketEvent } from '@/lib/socket';

import { usersQueryKey } from '../api/get-users';

export function userEventName(companyId: number) {
  return companySocketEvent(companyId, 'user');
}

/** Refreshes the users lists when the server announces a created, updated or deleted user. */
export function useUsersRealtime(companyId: number | null | undefined) {
  const queryClient = useQueryClient();
  useSocketEvent(companyId == null ? null : userEventName(companyId), (event) => {
    if (!event || !['create', 'update', 'delete'].includes(event.action)) return;
    void queryClient.invalidateQueries({ queryKey: usersQueryKey });
  });
}
