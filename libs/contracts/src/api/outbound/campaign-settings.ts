import { z } from 'zod';

import { CAMPAIGN_SETTINGS_DEFAULTS, CAMPAIGN_VARIABLES_MAX, LONGER_INTERVAL_OPTIONS, MESSAGE_INTERVAL_OPTIONS } from './constants';
import { M } from './fields';

// ---------------------------------------------------------------------------------------------
// Campaign settings (spec 2): the sending intervals and the named variables of the company
// ---------------------------------------------------------------------------------------------

export const campaignVariableSchema = z.object({
  key: z
    .string({ error: M.genericRequired })
    .trim()
    .min(1, M.genericRequired)
    .max(50, M.genericTooLong)
    .regex(/^[\p{L}\p{N}_]+$/u, 'Use letras, números e _'),
  value: z.string().max(1_000, M.genericTooLong).default(''),
});
export type CampaignVariable = z.infer<typeof campaignVariableSchema>;

const oneOf = (options: readonly number[]) => z.coerce.number().refine((value) => options.includes(value), M.invalidOption);

/** The settings as a whole, every field filled (the defaults where nothing was saved). */
export const campaignSettingsSchema = z.object({
  messageInterval: z.number(),
  longerIntervalAfter: z.number(),
  greaterInterval: z.number(),
  variables: z.array(campaignVariableSchema),
});
export type CampaignSettings = z.infer<typeof campaignSettingsSchema>;

/**
 * POST /campaign-settings {settings}: the intervals from the spec's options (messageInterval 0, 5, 10,
 * 15, 20; the others 0 to 120); variables with distinct keys (a repeated key is refused, 'Variável já
 * existe'). Fields left out keep their saved value.
 */
export const campaignSettingsBodySchema = z.object({
  settings: z.object({
    messageInterval: oneOf(MESSAGE_INTERVAL_OPTIONS).optional(),
    longerIntervalAfter: oneOf(LONGER_INTERVAL_OPTIONS).optional(),
    greaterInterval: oneOf(LONGER_INTERVAL_OPTIONS).optional(),
    variables: z
      .array(campaignVariableSchema)
      .max(CAMPAIGN_VARIABLES_MAX)
      .superRefine((variables, context) => {
        variables.forEach((variable, index) => {
          if (variables.findIndex((other) => other.key === variable.key) !== index) {
            context.addIssue({ code: 'custom', path: [index, 'key'], message: M.variableKeyTaken });
          }
        });
      })
      .optional(),
  }),
});
export type CampaignSettingsBody = z.input<typeof campaignSettingsBodySchema>;

/** GET /campaign-settings and the answer of POST: the spec's key/value records (values as JSON), all four keys. */
export const campaignSettingRecordSchema = z.object({
  key: z.enum(['messageInterval', 'longerIntervalAfter', 'greaterInterval', 'variables']),
  value: z.string(),
});
export const campaignSettingsResponseSchema = z.array(campaignSettingRecordSchema);
export type CampaignSettingRecord = z.infer<typeof campaignSettingRecordSchema>;

/** The settings read from the records (a missing or unreadable one takes its default). */
export function campaignSettingsOf(records: readonly CampaignSettingRecord[]): CampaignSettings {
  const read = (key: CampaignSettingRecord['key']): unknown => {
    const record = records.find((item) => item.key === key);
    if (!record) return undefined;
    try {
      return JSON.parse(record.value);
    } catch {
      return undefined;
    }
  };
  const number = (key: keyof typeof CAMPAIGN_SETTINGS_DEFAULTS) => {
    const value = read(key);
    return typeof value === 'number' && Number.isFinite(value) ? value : CAMPAIGN_SETTINGS_DEFAULTS[key];
  };
  const variables = z.array(campaignVariableSchema).safeParse(read('variables'));
  return {
    messageInterval: number('messageInterval'),
    longerIntervalAfter: number('longerIntervalAfter'),
    greaterInterval: number('greaterInterval'),
    variables: variables.success ? variables.data : [],
  };
}
