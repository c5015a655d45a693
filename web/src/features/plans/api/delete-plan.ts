import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { plansQueryKey } from './get-plans';

/** `DELETE /api/plans/{id}` (super users). Answers 204 with no body, so there is no answer to parse. */
export function deletePlan(planId: number): Promise<void> {
  return api.delete<void>(`/plans/${planId}`);
}

export function useDeletePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: plansQueryKey }),
  });
}
