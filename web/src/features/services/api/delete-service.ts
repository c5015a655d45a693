import { serviceDeleteResponseSchema } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { servicesQueryKey } from './get-services';

/** `DELETE /api/services/{id}`. */
export function deleteService(id: number): Promise<unknown> {
  return api.delete(`/services/${id}`, { schema: serviceDeleteResponseSchema });
}

export function useDeleteService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteService,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: servicesQueryKey }),
  });
}
