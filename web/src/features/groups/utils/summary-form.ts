import {
  type GroupContact,
  type GroupUpdateBody,
  SUMMARY_LIMITS,
  SUMMARY_MODELS,
  SUMMARY_OTHER_MODEL,
  SUMMARY_PROVIDERS,
  summaryTimeProblem,
} from '@app/contracts';
import { z } from 'zod';

/** The summary settings modal's form: provider, model (one of the provider's or 'Outro' with its own name), key, time, prompt, limits. */
export const summaryFormSchema = z
  .object({
    resumegroup: z.boolean(),
    resumeprovider: z.enum(SUMMARY_PROVIDERS),
    modelChoice: z.string(),
    otherModel: z.string().trim().max(200),
    resumekey: z.string().trim().max(SUMMARY_LIMITS.keyMax),
    timeresume: z.string(),
    resumeprompt: z.string().max(SUMMARY_LIMITS.promptMax),
    resumemaxtokens: z.coerce.number().int().min(SUMMARY_LIMITS.maxTokensMin).max(SUMMARY_LIMITS.maxTokensMax),
    resumetemperature: z.coerce.number().min(SUMMARY_LIMITS.temperatureMin).max(SUMMARY_LIMITS.temperatureMax),
  })
  .superRefine((values, context) => {
    if (values.resumegroup && !modelOf(values)) context.addIssue({ code: 'custom', path: ['otherModel'], message: 'groups.modelRequired' });
    if (values.resumegroup && !values.resumekey) context.addIssue({ code: 'custom', path: ['resumekey'], message: 'groups.keyRequired' });
    if (!/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(values.timeresume))
      context.addIssue({ code: 'custom', path: ['timeresume'], message: 'groups.invalidValue' });
  });
export type SummaryFormInput = z.input<typeof summaryFormSchema>;
export type SummaryFormValues = z.output<typeof summaryFormSchema>;

/** The model the form names: the chosen one, or the free text after 'Outro'. */
export function modelOf(values: Pick<SummaryFormValues, 'modelChoice' | 'otherModel'>): string {
  return values.modelChoice === SUMMARY_OTHER_MODEL ? values.otherModel.trim() : values.modelChoice;
}

/** Spec 3: a stored time is sent as HH:MM:SS, or 00:00:00 if invalid; the input shows HH:MM. */
export function storedTime(time: string): string {
  if (/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/.test(time)) return time;
  if (/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) return `${time}:00`;
  return '00:00:00';
}

export function summaryFormDefaults(group: GroupContact): SummaryFormInput {
  const known = SUMMARY_MODELS[group.resumeprovider].includes(group.resumemodel);
  return {
    resumegroup: group.resumegroup,
    resumeprovider: group.resumeprovider,
    modelChoice: !group.resumemodel ? '' : known ? group.resumemodel : SUMMARY_OTHER_MODEL,
    otherModel: known ? '' : group.resumemodel,
    resumekey: group.resumekey,
    timeresume: storedTime(group.timeresume).slice(0, 5),
    resumeprompt: group.resumeprompt,
    resumemaxtokens: group.resumemaxtokens,
    resumetemperature: group.resumetemperature,
  };
}

export function toSummaryBody(values: SummaryFormValues): GroupUpdateBody {
  return {
    resumegroup: values.resumegroup,
    resumeprovider: values.resumeprovider,
    resumemodel: modelOf(values),
    resumekey: values.resumekey,
    timeresume: storedTime(values.timeresume),
    resumeprompt: values.resumeprompt,
    resumemaxtokens: values.resumemaxtokens,
    resumetemperature: values.resumetemperature,
  };
}

/**
 * Spec 3 section 5: a changed time must be at least a minute ahead (the browser's clock; the server
 * checks again in the company's zone); the earliest time for the message, or null when it is fine.
 */
export function timeTooSoon(time: string, stored: string, now: Date): string | null {
  if (storedTime(time) === storedTime(stored)) return null;
  return summaryTimeProblem(storedTime(time), now.getHours() * 60 + now.getMinutes())?.after ?? null;
}
