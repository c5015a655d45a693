import { useEffect } from 'react';

import { STORAGE_KEYS } from '@/config/storage-keys';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { companySettingValue, useSettings } from '@/features/settings/api/get-settings';

function readFlag(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.campaignsShown) !== null;
  } catch {
    return false;
  }
}

/**
 * Spec 1: the campaign screens exist only while the browser flag cshow does, and the company setting
 * campaignsEnabled = 'true' shows campaigns. The flag follows the setting (written when the settings
 * load); `shown` is true once either says so, `ready` once the setting was read.
 */
export function useCampaignsShown(): { ready: boolean; shown: boolean } {
  const { user } = useAuth();
  const planAllows = user?.company?.plan?.useCampaigns === true;
  const settings = useSettings();
  const enabled = planAllows && companySettingValue(settings.data, 'campaignsEnabled') === 'true';
  const ready = !planAllows || settings.isFetched;

  useEffect(() => {
    if (!ready) return;
    try {
      if (enabled) window.localStorage.setItem(STORAGE_KEYS.campaignsShown, 'true');
      else window.localStorage.removeItem(STORAGE_KEYS.campaignsShown);
    } catch {
      // Storage unavailable: the screens follow the setting for this page only.
    }
  }, [ready, enabled]);

  return { ready, shown: enabled || (!ready && readFlag()) };
}
