import { useQueryClient } from '@tanstack/react-query';
import { useSocketEvent } from '@/lib/socket';
import { usersQueryKey } from '../api/get-users';
import type { UserSocketEvent } from '../types';

export function userEventName(companyId: number | string): string {
  return `company-${companyId}-user`;
}

/** Refreshes the users lists when the server announces a created, updated or deleted user. */
export function useUsersRealtime(companyId: number | string | null | undefined) {
  const queryClient = useQueryClient();
  useSocketEvent<UserSocketEvent>(companyId == null ? null : userEventName(companyId), (event) => {
    if (!event || !['create', 'update', 'delete'].includes(event.action)) return;
    void queryClient.invalidateQueries({ queryKey: usersQueryKey });
  });
}
