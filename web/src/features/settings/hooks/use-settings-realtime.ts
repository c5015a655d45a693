import { companySocketEvent } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';

import { useSocketEvent } from '@/lib/socket';

import { settingsQueryKey } from '../api/get-settings';

/** `company-{id}-settings`: a setting changed elsewhere refreshes the settings shown. */
export function useSettingsRealtime(companyId: number | null | undefined) {
  const queryClient = useQueryClient();
  useSocketEvent(companyId == null ? null : companySocketEvent(companyId, 'settings'), (event) => {
    if (event?.action !== 'update') return;
    void queryClient.invalidateQueries({ queryKey: settingsQueryKey });
  });
}
