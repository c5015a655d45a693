import { settingListResponseSchema } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import type { SettingResponse } from '../types';

export const settingsQueryKey = ['settings'] as const;

/** `GET /api/settings`: the company's settings (and the global ones for a super user). */
export function getSettings(): Promise<SettingResponse[]> {
  return api.get('/settings', { schema: settingListResponseSchema });
}

export function getSettingsQueryOptions() {
  return queryOptions({ queryKey: [...settingsQueryKey, 'list'], queryFn: getSettings, meta: { errorKey: 'common.loadListError' } });
}

export function useSettings() {
  return useQuery(getSettingsQueryOptions());
}

/** The value of a company setting (not a global one) from the list. */
export function companySettingValue(settings: readonly SettingResponse[] | undefined, key: string): string | undefined {
  return settings?.find((setting) => setting.key === key && setting.companyId !== null)?.value;
}

/** The value of a global setting (companyId null) from the list. */
export function globalSettingValue(settings: readonly SettingResponse[] | undefined, key: string): string | undefined {
  return settings?.find((setting) => setting.key === key && setting.companyId === null)?.value;
}
