import { z } from 'zod';

import { isCalendarDate } from '../primitives';
import { recurrenceEnum } from './constants';
import { isoDateTime, M, positiveId, userPassword } from './fields';
import { phoneSchema } from './phone-field';
import { planResponseSchema } from './plans';
import { settingResponseSchema } from './settings';

// ---------------------------------------------------------------------------------------------
// Companies
// ---------------------------------------------------------------------------------------------

export const WEEKDAYS_EN = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, '##:##');
export const weeklyScheduleEntrySchema = z.object({
  weekday: z.string().trim().max(30),
  weekdayEn: z.enum(WEEKDAYS_EN),
  startTime: timeOfDay.or(z.literal('')),
  endTime: timeOfDay.or(z.literal('')),
});
export type WeeklyScheduleEntry = z.infer<typeof weeklyScheduleEntrySchema>;
export const companySchedulesUpdateSchema = z.object({
  schedules: z.array(weeklyScheduleEntrySchema).max(7),
});
export type CompanySchedulesUpdateRequest = z.infer<typeof companySchedulesUpdateSchema>;

/**
 * The company's billing fields (spec 3 "Company": billingName, the address fields, trialExpiration and
 * the billing e-mail): who invoices are made out to, and until when the trial runs. Null when unset
 * (an answer of an older identity, without them, reads as unset).
 */
const companyBillingResponseShape = {
  billingName: z.string().nullable().default(null),
  billingEmail: z.string().nullable().default(null),
  addressZipCode: z.string().nullable().default(null),
  addressStreet: z.string().nullable().default(null),
  addressState: z.string().nullable().default(null),
  addressCity: z.string().nullable().default(null),
  addressDistrict: z.string().nullable().default(null),
  /** YYYY-MM-DD or null. */
  trialExpiration: z.string().nullable().default(null),
};

export const companyResponseSchema = z.object({
  id: positiveId,
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  planId: positiveId,
  plan: planResponseSchema.optional(),
  status: z.boolean(),
  approved: z.boolean(),
  /** YYYY-MM-DD or null */
  dueDate: z.string().nullable(),
  recurrence: recurrenceEnum,
  campaignsEnabled: z.boolean().optional(),
  schedules: z.array(weeklyScheduleEntrySchema),
  ...companyBillingResponseShape,
  settings: z.array(settingResponseSchema).optional(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type CompanyResponse = z.infer<typeof companyResponseSchema>;

/** Empty or invalid due dates are sent as null (spec 3 §5). */
const nullableDueDate = z
  .union([z.string(), z.null()])
  .transform((value) => (value && isCalendarDate(value.trim().slice(0, 10)) ? value.trim().slice(0, 10) : null));

/** A free text field that may be cleared: empty is stored as null. */
const optionalText = (max: number) =>
  z
    .union([z.string(), z.null()])
    .transform((value) => (value?.trim() ? value.trim() : null))
    .pipe(z.string().max(max, M.genericTooLong).nullable());

/** The billing fields as the companies page sends them (super users), each optional and clearable. */
const companyBillingInputShape = {
  billingName: optionalText(100).optional(),
  billingEmail: z
    .union([z.string(), z.null()])
    .transform((value) => (value?.trim() ? value.trim().toLowerCase() : null))
    .pipe(z.email(M.genericInvalidEmail).max(254, M.genericInvalidEmail).nullable())
    .optional(),
  addressZipCode: z
    .union([z.string(), z.null()])
    .transform((value) => (value?.trim() ? value.trim() : null))
    .pipe(
      z
        .string()
        .regex(/^\d{5}-?\d{3}$/, M.invalidValue)
        .nullable(),
    )
    .optional(),
  addressStreet: optionalText(200).optional(),
  addressState: optionalText(50).optional(),
  addressCity: optionalText(100).optional(),
  addressDistrict: optionalText(100).optional(),
  /** Empty or invalid is sent as null, as the due date. */
  trialExpiration: z
    .union([z.string(), z.null()])
    .transform((value) => (value && isCalendarDate(value.trim().slice(0, 10)) ? value.trim().slice(0, 10) : null))
    .optional(),
};

const companyName = z.string({ error: M.genericRequired }).trim().min(2, M.genericTooShort).max(50, M.genericTooLong);
const companyEmail = z
  .string({ error: M.genericRequired })
  .trim()
  .toLowerCase()
  .max(254, M.genericInvalidEmail)
  .pipe(z.email(M.genericInvalidEmail));

/**
 * POST /companies (super): the company and its first admin (the company's e-mail and password).
 * Without a password (the ticketz companies manager sends none) the admin gets no usable password
 * and an invitation by e-mail to set one.
 */
export const companyCreateSchema = z.object({
  name: companyName,
  email: companyEmail,
  phone: phoneSchema.optional(),
  password: z.preprocess((value) => (value === '' || value === null ? undefined : value), userPassword.optional()),
  planId: positiveId,
  status: z.boolean().default(true),
  approved: z.boolean().default(true),
  dueDate: nullableDueDate.optional(),
  recurrence: recurrenceEnum.default('MENSAL'),
  campaignsEnabled: z.boolean().default(false),
  ...companyBillingInputShape,
});
export type CompanyCreateRequest = z.input<typeof companyCreateSchema>;

/** PUT /companies/:id (super). */
export const companyUpdateSchema = z.object({
  name: companyName.optional(),
  email: companyEmail.optional(),
  phone: phoneSchema.optional(),
  planId: positiveId.optional(),
  status: z.boolean().optional(),
  approved: z.boolean().optional(),
  dueDate: nullableDueDate.optional(),
  recurrence: recurrenceEnum.optional(),
  campaignsEnabled: z.boolean().optional(),
  ...companyBillingInputShape,
});
export type CompanyUpdateRequest = z.input<typeof companyUpdateSchema>;

/** GET /companies?searchParam=&pageNumber= (super). GET /companies/list answers the bare array. */
export const companyPageResponseSchema = z.object({
  companies: z.array(companyResponseSchema),
  count: z.number().int(),
  hasMore: z.boolean(),
});
export type CompanyPageResponse = z.infer<typeof companyPageResponseSchema>;
export const companyListResponseSchema = z.array(companyResponseSchema);

/** GET /companies/listPlan/:companyId: the company's plan and its flags (own company unless super). */
export const companyPlanResponseSchema = z.object({
  id: positiveId,
  name: z.string(),
  planId: positiveId,
  plan: planResponseSchema,
});
export type CompanyPlanResponse = z.infer<typeof companyPlanResponseSchema>;

/** Whole days from `today` to the trial's end (both YYYY-MM-DD), never below 0; null without a trial end (spec 3: the Assinatura page). */
export function trialDaysLeft(trialExpiration: string | null, today: string): number | null {
  if (!trialExpiration || !isCalendarDate(trialExpiration)) return null;
  const days = Math.round((Date.parse(`${trialExpiration}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
  return Math.max(0, days);
}
