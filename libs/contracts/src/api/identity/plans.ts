import { z } from 'zod';

import { isoDateTime, M, positiveId } from './fields';

// ---------------------------------------------------------------------------------------------
// Plans
// ---------------------------------------------------------------------------------------------

export const PLAN_FLAG_FIELDS = [
  'useCampaigns',
  'useSchedules',
  'useInternalChat',
  'useExternalApi',
  'useKanban',
  'useOpenAi',
  'useIntegrations',
  'useInternal',
] as const;

export const planResponseSchema = z.object({
  id: positiveId,
  name: z.string(),
  users: z.number().int(),
  connections: z.number().int(),
  queues: z.number().int(),
  /** Money in reais, two decimals (shown in pt-BR format by the web). */
  value: z.number(),
  useCampaigns: z.boolean(),
  useSchedules: z.boolean(),
  useInternalChat: z.boolean(),
  useExternalApi: z.boolean(),
  useKanban: z.boolean(),
  useOpenAi: z.boolean(),
  useIntegrations: z.boolean(),
  /** "Uso Interno": an internal plan, hidden from the public lists (/plans/list, /plans/register). */
  useInternal: z.boolean(),
  createdAt: isoDateTime.optional(),
  updatedAt: isoDateTime.optional(),
});
export type PlanResponse = z.infer<typeof planResponseSchema>;

const limit = z.coerce.number({ error: M.genericRequired }).int(M.invalidValue).min(0, M.invalidValue).max(100_000, M.invalidValue);
/** Accepts 99.9, "99.90" or the pt-BR "99,90" / "1.234,56"; kept with two decimals. */
export const moneySchema = z.union([z.number(), z.string()]).transform((value, context) => {
  const text = typeof value === 'number' ? String(value) : value.trim().replace(/^R\$\s*/, '');
  const normalised = /,\d{1,2}$/.test(text) ? text.replace(/\./g, '').replace(',', '.') : text;
  const amount = Number(normalised);
  if (normalised === '' || !Number.isFinite(amount) || amount < 0 || amount > 10_000_000) {
    context.addIssue({ code: 'custom', message: M.invalidValue });
    return z.NEVER;
  }
  return Math.round(amount * 100) / 100;
});

export const planCreateSchema = z.object({
  name: z.string({ error: M.genericRequired }).trim().min(2, M.genericTooShort).max(50, M.genericTooLong),
  users: limit,
  connections: limit,
  queues: limit,
  value: moneySchema,
  useCampaigns: z.boolean().default(false),
  useSchedules: z.boolean().default(false),
  useInternalChat: z.boolean().default(false),
  useExternalApi: z.boolean().default(false),
  useKanban: z.boolean().default(false),
  useOpenAi: z.boolean().default(false),
  useIntegrations: z.boolean().default(false),
  useInternal: z.boolean().default(false),
});
export type PlanCreateRequest = z.input<typeof planCreateSchema>;
export const planUpdateSchema = planCreateSchema.partial();
export type PlanUpdateRequest = z.input<typeof planUpdateSchema>;

/** GET /plans/list, GET /plans/register (public), GET /plans/all (super). */
export const planListResponseSchema = z.array(planResponseSchema);
