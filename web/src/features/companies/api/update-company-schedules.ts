import { companyResponseSchema } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import type { CompanyResponse, WeeklyScheduleEntry } from '../types';
import { companiesQueryKey } from './get-companies';

/** `PUT /api/companies/{id}/schedules` `{ id, schedules }` */
export function updateCompanySchedules(companyId: number, schedules: WeeklyScheduleEntry[]): Promise<CompanyResponse> {
  return api.put(`/companies/${companyId}/schedules`, { id: companyId, schedules }, { schema: companyResponseSchema });
}

export function useUpdateCompanySchedules(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (schedules: WeeklyScheduleEntry[]) => updateCompanySchedules(companyId, schedules),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companiesQueryKey }),
  });
}
