import { publicSettingResponseSchema } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import type { PublicSettingValue } from '../types';

export type PublicSettingKey = 'allowregister' | 'viewregister' | 'trial';

/** `GET /api/settings/{allowregister|viewregister|trial}`: readable before login. */
export function getPublicSetting(key: PublicSettingKey): Promise<PublicSettingValue> {
  return api.get(`/settings/${key}`, { schema: publicSettingResponseSchema, skipAuthRefresh: true });
}

export function getPublicSettingQueryOptions(key: PublicSettingKey) {
  return queryOptions({
    queryKey: ['settings', 'public', key],
    queryFn: () => getPublicSetting(key),
    staleTime: 60_000,
    meta: { silent: true },
  });
}

export function usePublicSetting(key: PublicSettingKey) {
  return useQuery(getPublicSettingQueryOptions(key));
}
