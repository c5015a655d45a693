import { type ServiceBody, type ServiceRecord, serviceSchema } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { servicesQueryKey } from './get-services';

export type SaveServiceInput = { id?: number; body: ServiceBody };

/** `POST /api/services` or `PUT /api/services/{id}` {name, description, price, duration, additionalInfo}. */
export function saveService({ id, body }: SaveServiceInput): Promise<ServiceRecord> {
  return id ? api.put(`/services/${id}`, body, { schema: serviceSchema }) : api.post('/services', body, { schema: serviceSchema });
}

export function useSaveService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveService,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: servicesQueryKey }),
  });
}
