import { fileListDeleteResponseSchema } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { fileListsQueryKey } from './get-file-lists';

/** `DELETE /api/files/{id}`. */
export function deleteFileList(id: number): Promise<unknown> {
  return api.delete(`/files/${id}`, { schema: fileListDeleteResponseSchema });
}

export function useDeleteFileList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFileList,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fileListsQueryKey }),
  });
}
