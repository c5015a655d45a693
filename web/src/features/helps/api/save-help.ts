import { helpResponseSchema } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';

import type { HelpCreateRequest, HelpResponse } from '../types';
import { helpsQueryKey } from './get-helps';

/** The help form: title, video code, description. Messages are i18n keys. */
export const helpFormSchema = z.object({
  title: z.string().trim().min(1, 'validation.required').max(120, 'validation.tooLong'),
  video: z.string().trim().max(200, 'validation.tooLong'),
  description: z.string().trim().max(2000, 'validation.tooLong'),
});
export type HelpFormValues = z.infer<typeof helpFormSchema>;

export function createHelp(input: HelpCreateRequest): Promise<HelpResponse> {
  return api.post('/helps', input, { schema: helpResponseSchema });
}

export function updateHelp(helpId: number, input: HelpCreateRequest): Promise<HelpResponse> {
  return api.put(`/helps/${helpId}`, input, { schema: helpResponseSchema });
}

export function useSaveHelp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ helpId, values }: { helpId: number | null; values: HelpFormValues }) =>
      helpId === null ? createHelp(values) : updateHelp(helpId, values),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: helpsQueryKey }),
  });
}
