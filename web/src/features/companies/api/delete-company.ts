import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { companiesQueryKey } from './get-companies';

/** `DELETE /api/companies/{id}` (super users). Answers 204 with no body, so there is no answer to parse. */
export function deleteCompany(companyId: number): Promise<void> {
  return api.delete<void>(`/companies/${companyId}`);
}

export function useDeleteCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCompany,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companiesQueryKey }),
  });
}
