import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { usersQueryKey } from './get-users';

/** `DELETE /api/users/{id}`. Answers 204 with no body, so there is no answer to parse. */
export function deleteUser(userId: number): Promise<void> {
  return api.delete<void>(`/users/${userId}`);
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
