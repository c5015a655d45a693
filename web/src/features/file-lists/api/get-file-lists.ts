import { type FileListPageResponse, fileListPageResponseSchema } from '@app/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** Every file-list query of this feature starts with this key: a save, a delete or a file event refreshes them all. */
export const fileListsQueryKey = ['file-lists'] as const;

/** `GET /api/files/?searchParam=&pageNumber=` → {files, count, hasMore}. */
export function getFileLists(searchParam: string, pageNumber: number): Promise<FileListPageResponse> {
  return api.get('/files/', { query: { searchParam, pageNumber }, schema: fileListPageResponseSchema });
}

export function getFileListsQueryOptions(searchParam: string) {
  return infiniteQueryOptions({
    queryKey: [...fileListsQueryKey, 'page', { searchParam }],
    queryFn: ({ pageParam }) => getFileLists(searchParam, pageParam),
    initialPageParam: 1,
    getNextPageParam: (lastPage, allPages) => (lastPage.hasMore ? allPages.length + 1 : undefined),
  });
}

export function useFileLists(searchParam: string) {
  return useInfiniteQuery(getFileListsQueryOptions(searchParam));
}
