import {
  SERVICE_ADDITIONAL_INFO_MAX,
  SERVICE_DESCRIPTION_MAX,
  SERVICE_DURATION_MAX,
  SERVICE_DURATION_MIN,
  SERVICE_NAME_MAX,
  SERVICE_NAME_MIN,
  SERVICE_PRICE_MAX,
  type ServiceBody,
  type ServiceRecord,
} from '@app/contracts';
import { z } from 'zod';

import { parseMoney } from '@/lib/format';

const required = { message: 'validation.required', abort: true } as const;

const price = (text: string) => parseMoney(text);
const minutes = (text: string) => (/^\d+$/.test(text) ? Number(text) : null);

/**
 * The service dialog (spec 3, 'Service:'): name 2 to 50 ('Muito curto!' / 'Muito longo!') and
 * required ('Obrigatório'); price in reais (typed '150,50' or '150.50') and duration in minutes
 * required numbers. Messages are i18n keys.
 */
export const serviceFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, required)
    .min(SERVICE_NAME_MIN, 'validation.tooShort')
    .max(SERVICE_NAME_MAX, 'services.validation.tooLong'),
  description: z.string().trim().max(SERVICE_DESCRIPTION_MAX, 'services.validation.tooLong'),
  price: z
    .string()
    .trim()
    .min(1, required)
    .refine((text) => {
      const amount = price(text);
      return amount !== null && amount >= 0 && amount <= SERVICE_PRICE_MAX;
    }, 'validation.invalidValue'),
  duration: z
    .string()
    .trim()
    .min(1, required)
    .refine((text) => {
      const value = minutes(text);
      return value !== null && value >= SERVICE_DURATION_MIN && value <= SERVICE_DURATION_MAX;
    }, 'validation.invalidValue'),
  additionalInfo: z.string().trim().max(SERVICE_ADDITIONAL_INFO_MAX, 'services.validation.tooLong'),
});
export type ServiceFormValues = z.infer<typeof serviceFormSchema>;

/** The dialog's fields for a service (or blank for a new one); the price in the Brazilian way, '150,50'. */
export function serviceFormDefaults(service: ServiceRecord | null): ServiceFormValues {
  return {
    name: service?.name ?? '',
    description: service?.description ?? '',
    price: service ? service.price.toFixed(2).replace('.', ',') : '',
    duration: service ? String(service.duration) : '',
    additionalInfo: service?.additionalInfo ?? '',
  };
}

/** What the dialog sends: numbers for price and duration, null for a blank optional text. */
export function toServiceBody(values: ServiceFormValues): ServiceBody {
  return {
    name: values.name,
    description: values.description || null,
    price: price(values.price) ?? 0,
    duration: minutes(values.duration) ?? 0,
    additionalInfo: values.additionalInfo || null,
  };
}
