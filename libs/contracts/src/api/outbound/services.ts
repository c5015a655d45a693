import { z } from 'zod';

import { id, isoDateTime, pageNumber, searchParam } from './fields';

// ---------------------------------------------------------------------------------------------
// The services catalogue (spec 3 "Service (catalogue entry)", spec 2 "Services screen"): what the
// company offers, with price and duration; schedules and AI agents pick from it
// ---------------------------------------------------------------------------------------------

/** Spec 3 section 5, 'Service:'; 'Valor inválido' is ours, for a price or duration that is not a usable number. */
export const SERVICE_MESSAGES = {
  required: 'Obrigatório',
  tooShort: 'Muito curto!',
  tooLong: 'Muito longo!',
  invalidValue: 'Valor inválido',
} as const;

export const SERVICE_NAME_MIN = 2;
export const SERVICE_NAME_MAX = 50;
export const SERVICE_DESCRIPTION_MAX = 500;
export const SERVICE_ADDITIONAL_INFO_MAX = 2_000;
/** Reais; kept with two decimals. */
export const SERVICE_PRICE_MAX = 10_000_000;
/** Minutes: a service lasts from one minute to a day. */
export const SERVICE_DURATION_MIN = 1;
export const SERVICE_DURATION_MAX = 1_440;
/** Spec 3 section 9: 'Services page size 20'. */
export const SERVICES_PAGE_SIZE = 20;

const S = SERVICE_MESSAGES;

/** A catalogue entry: `price` in reais (two decimals), `duration` in minutes; the optional texts are null when blank. */
export const serviceSchema = z.object({
  id,
  name: z.string(),
  description: z.string().nullable(),
  price: z.number(),
  duration: z.number().int(),
  additionalInfo: z.string().nullable(),
  companyId: id,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type ServiceRecord = z.infer<typeof serviceSchema>;

/** Missing or null: 'Obrigatório'; anything else that is not a number: 'Valor inválido'. */
const requiredNumber = () =>
  z.number({ error: (issue) => (issue.input === undefined || issue.input === null ? S.required : S.invalidValue) });

/** A blank optional text is stored as null. */
const optionalText = (max: number) =>
  z
    .string({ error: S.invalidValue })
    .trim()
    .max(max, S.tooLong)
    .nullish()
    .transform((value) => value || null);

/**
 * POST /services and PUT /services/{id} {name, description, price, duration, additionalInfo}: name
 * 2 to 50 ('Muito curto!' / 'Muito longo!', 'Obrigatório'); price (reais, 0 or more) and duration
 * (whole minutes, 1 to 1,440) required; description and additionalInfo optional.
 */
export const serviceBodySchema = z.object({
  name: z
    .string({ error: S.required })
    .trim()
    .min(1, { error: S.required, abort: true })
    .min(SERVICE_NAME_MIN, S.tooShort)
    .max(SERVICE_NAME_MAX, S.tooLong),
  description: optionalText(SERVICE_DESCRIPTION_MAX),
  price: requiredNumber()
    .min(0, S.invalidValue)
    .max(SERVICE_PRICE_MAX, S.invalidValue)
    .transform((price) => Math.round(price * 100) / 100),
  duration: requiredNumber().int(S.invalidValue).min(SERVICE_DURATION_MIN, S.invalidValue).max(SERVICE_DURATION_MAX, S.invalidValue),
  additionalInfo: optionalText(SERVICE_ADDITIONAL_INFO_MAX),
});
export type ServiceBody = z.input<typeof serviceBodySchema>;
export type ServiceFields = z.output<typeof serviceBodySchema>;

/** GET /services/?searchParam=&pageNumber= → {services, count, hasMore}, by name, 20 a page. */
export const servicePageQuerySchema = z.object({ searchParam, pageNumber });
export const servicePageResponseSchema = z.object({
  services: z.array(serviceSchema),
  count: z.number().int().min(0),
  hasMore: z.boolean(),
});
export type ServicePageResponse = z.infer<typeof servicePageResponseSchema>;

export const serviceDeleteResponseSchema = z.object({ message: z.string() });
