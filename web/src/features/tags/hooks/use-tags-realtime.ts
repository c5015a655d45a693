import { companySocketEvent } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';

import { useSocketEvent } from '@/lib/socket';

import { tagsQueryKey } from '../api/get-tags-page';

/** The tags screen follows `company-{id}-tag`: a tag created, changed or deleted anywhere refreshes it. */
export function useTagsRealtime(companyId: number | null | undefined) {
  const queryClient = useQueryClient();
  useSocketEvent(companyId == null ? null : companySocketEvent(companyId, 'tag'), () => {
    void queryClient.invalidateQueries({ queryKey: tagsQueryKey });
  });
}
