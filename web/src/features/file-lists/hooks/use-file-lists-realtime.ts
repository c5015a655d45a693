import { companySocketEvent } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';

import { useSocketEvent } from '@/lib/socket';

import { fileListsQueryKey } from '../api/get-file-lists';

/** The file lists screen follows `company-{id}-file`: a list created, changed or deleted anywhere refreshes it. */
export function useFileListsRealtime(companyId: number | null | undefined) {
  const queryClient = useQueryClient();
  useSocketEvent(companyId == null ? null : companySocketEvent(companyId, 'file'), () => {
    void queryClient.invalidateQueries({ queryKey: fileListsQueryKey });
  });
}
