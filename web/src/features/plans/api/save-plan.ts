import { planResponseSchema } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';
import { parseMoney } from '@/lib/format';

import type { PlanCreateRequest, PlanResponse } from '../types';
import { plansQueryKey } from './get-plans';

const limit = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .regex(/^\d{1,6}$/, 'validation.invalidValue');
const flag = z.enum(['true', 'false']);

/** The plan form; numbers stay text until sent. Messages are i18n keys. */
export const planFormSchema = z.object({
  name: z.string().trim().min(1, 'validation.required').min(2, 'validation.tooShort').max(50, 'validation.tooLong'),
  users: limit,
  connections: limit,
  queues: limit,
  value: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .refine((text) => parseMoney(text) !== null && parseMoney(text)! >= 0, 'validation.invalidValue'),
  useCampaigns: flag,
  useSchedules: flag,
  useInternalChat: flag,
  useExternalApi: flag,
  useKanban: flag,
  useOpenAi: flag,
  useIntegrations: flag,
  useInternal: flag,
});
export type PlanFormValues = z.infer<typeof planFormSchema>;

export function toPlanRequest(values: PlanFormValues): PlanCreateRequest {
  return {
    name: values.name,
    users: Number(values.users),
    connections: Number(values.connections),
    queues: Number(values.queues),
    value: parseMoney(values.value) ?? 0,
    useCampaigns: values.useCampaigns === 'true',
    useSchedules: values.useSchedules === 'true',
    useInternalChat: values.useInternalChat === 'true',
    useExternalApi: values.useExternalApi === 'true',
    useKanban: values.useKanban === 'true',
    useOpenAi: values.useOpenAi === 'true',
    useIntegrations: values.useIntegrations === 'true',
    useInternal: values.useInternal === 'true',
  };
}

export function createPlan(input: PlanCreateRequest): Promise<PlanResponse> {
  return api.post('/plans', input, { schema: planResponseSchema });
}

export function updatePlan(planId: number, input: PlanCreateRequest): Promise<PlanResponse> {
  return api.put(`/plans/${planId}`, input, { schema: planResponseSchema });
}

export function useSavePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ planId, values }: { planId: number | null; values: PlanFormValues }) =>
      planId === null ? createPlan(toPlanRequest(values)) : updatePlan(planId, toPlanRequest(values)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: plansQueryKey }),
  });
}
