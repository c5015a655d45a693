import { companySocketEvent } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';

import { useSocketEvent } from '@/lib/socket';

import { promptsQueryKey } from '../api/get-prompts';

/** The prompts page follows `company-{id}-prompt`: a prompt created, changed or deleted anywhere refreshes it. */
export function usePromptsRealtime(companyId: number | null | undefined) {
  const queryClient = useQueryClient();
  useSocketEvent(companyId == null ? null : companySocketEvent(companyId, 'prompt'), () => {
    void queryClient.invalidateQueries({ queryKey: promptsQueryKey });
  });
}
