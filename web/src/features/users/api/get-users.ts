import { userPageResponseSchema } from '@app/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import type { UsersPage } from '../types';

export type GetUsersParams = {
  searchParam: string;
  pageNumber: number;
};

export const usersQueryKey = ['users'] as const;

/** `GET /api/users?searchParam=&pageNumber=` */
export function getUsers({ searchParam, pageNumber }: GetUsersParams): Promise<UsersPage> {
  return api.get('/users', { query: { searchParam, pageNumber }, schema: userPageResponseSchema });
}

export function getUsersQueryOptions(searchParam: string) {
  return infiniteQueryOptions({
    queryKey: [...usersQueryKey, 'list', { searchParam }],
    queryFn: ({ pageParam }) => getUsers({ searchParam, pageNumber: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (lastPage, allPages) => (lastPage.hasMore ? allPages.length + 1 : undefined),
  });
}

export function useUsers(searchParam: string) {
  return useInfiniteQuery(getUsersQueryOptions(searchParam));
}
