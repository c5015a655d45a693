import { settingResponseSchema, type SettingUpdateRequest } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import type { SettingResponse } from '../types';
import { settingsQueryKey } from './get-settings';

export type UpdateSettingInput = { key: string } & SettingUpdateRequest;

/** `PUT /api/settings/{key}` `{ key, value }` */
export function updateSetting({ key, value }: UpdateSettingInput): Promise<SettingResponse> {
  return api.put(`/settings/${encodeURIComponent(key)}`, { key, value }, { schema: settingResponseSchema });
}

export function useUpdateSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSetting,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsQueryKey }),
  });
}
