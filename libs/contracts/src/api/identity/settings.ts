import { z } from 'zod';

import { COMPANY_TIME_ZONE_SETTING, DEFAULT_COMPANY_TIME_ZONE, isKnownTimeZone } from '../primitives';
import { TRIAL_DAYS_DEFAULT } from './constants';
import { isoDateTime, M, positiveId } from './fields';

// ---------------------------------------------------------------------------------------------
// Company settings and global settings
// ---------------------------------------------------------------------------------------------

const enabledDisabled = ['enabled', 'disabled'] as const;

/**
 * Every company setting key with the values it accepts (null: free text up to 500 characters, or
 * the `format` it must have) and its default for a new company. `timezone` is the company's IANA zone
 * (decision 0037). The spec's payment keys (asaas, ipixc, tokenixc, ipmkauth, clientidmkauth,
 * clientsecretmkauth) are billing's payment settings, kept sealed (decision 0053), not company settings.
 */
export const COMPANY_SETTINGS = {
  userRating: { values: enabledDisabled, default: 'disabled' },
  scheduleType: { values: ['disabled', 'queue', 'company'], default: 'disabled' },
  call: { values: enabledDisabled, default: 'enabled' },
  CheckMsgIsGroup: { values: enabledDisabled, default: 'enabled' },
  sendGreetingAccepted: { values: enabledDisabled, default: 'disabled' },
  sendMsgTransfTicket: { values: enabledDisabled, default: 'disabled' },
  sendGreetingMessageOneQueues: { values: enabledDisabled, default: 'enabled' },
  chatBotType: { values: ['text'], default: 'text' },
  campaignsEnabled: { values: ['true', 'false', 'enabled'], default: 'false' },
  [COMPANY_TIME_ZONE_SETTING]: { values: null, default: DEFAULT_COMPANY_TIME_ZONE, format: 'timeZone' },
} as const satisfies Record<string, { values: readonly string[] | null; default: string; format?: 'timeZone' }>;
export type CompanySettingKey = keyof typeof COMPANY_SETTINGS;
export const COMPANY_SETTING_KEYS = Object.keys(COMPANY_SETTINGS) as CompanySettingKey[];

/** Platform-wide settings, edited by super users; their GETs are public (the sign-up page reads them). */
export const GLOBAL_SETTINGS = {
  allowregister: { values: enabledDisabled, default: 'enabled' },
  viewregister: { values: enabledDisabled, default: 'enabled' },
  trial: { values: ['1', '2', '3', '4', '5', '6', '7'], default: String(TRIAL_DAYS_DEFAULT) },
} as const satisfies Record<string, { values: readonly string[]; default: string }>;
export type GlobalSettingKey = keyof typeof GLOBAL_SETTINGS;
export const GLOBAL_SETTING_KEYS = Object.keys(GLOBAL_SETTINGS) as GlobalSettingKey[];

export const settingResponseSchema = z.object({
  key: z.string(),
  value: z.string(),
  /** Null for a global setting. */
  companyId: positiveId.nullable(),
  updatedAt: isoDateTime,
});
export type SettingResponse = z.infer<typeof settingResponseSchema>;

/** GET /settings: the caller's company settings, plus the global ones for a super user. */
export const settingListResponseSchema = z.array(settingResponseSchema);

/** PUT /settings/:key; the key in the body, when sent, must be the path's. */
export const settingUpdateSchema = z.object({
  key: z.string().optional(),
  value: z.string({ error: M.genericRequired }).max(500, M.genericTooLong),
});
export type SettingUpdateRequest = z.infer<typeof settingUpdateSchema>;

/** GET /settings/trial|allowregister|viewregister (public). */
export const publicSettingResponseSchema = z.object({ key: z.string(), value: z.string() });
export type PublicSettingResponse = z.infer<typeof publicSettingResponseSchema>;

/** Whether a value is one the key accepts; unknown keys accept nothing. */
export function isValidSettingValue(key: string, value: string): boolean {
  if (key === COMPANY_TIME_ZONE_SETTING) return isKnownTimeZone(value);
  const definition =
    (COMPANY_SETTINGS as Record<string, { values: readonly string[] | null }>)[key] ??
    (GLOBAL_SETTINGS as Record<string, { values: readonly string[] }>)[key];
  if (!definition) return false;
  return definition.values === null ? value.length <= 500 : definition.values.includes(value);
}

/** `company-{id}-settings`: a company setting changed (and `settings` for the global ones). */
export type SettingSocketPayload = { action: 'update'; setting: { key: string; value: string; companyId: number | null } };
