import {
  CALENDAR_DESCRIPTION_MAX,
  CALENDAR_NAME_MAX,
  type CalendarBody,
  type CalendarRecord,
  DEFAULT_CALENDAR_COLOR,
} from '@app/contracts';
import { z } from 'zod';

/** The calendar form (spec 2 section 5, 'Calendar'): name required ('Nome do calendário é obrigatório'), description optional. */
export const calendarFormSchema = z.object({
  name: z.string().trim().min(1, 'schedules.validation.calendarNameRequired').max(CALENDAR_NAME_MAX, 'schedules.validation.tooLong'),
  description: z.string().trim().max(CALENDAR_DESCRIPTION_MAX, 'schedules.validation.tooLong'),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'validation.invalidValue'),
  isDefault: z.boolean(),
  isActive: z.boolean(),
});
export type CalendarFormValues = z.infer<typeof calendarFormSchema>;

/** A calendar's fields, or a new one's: active, not the default, #3498db. */
export function calendarFormDefaults(calendar: CalendarRecord | null): CalendarFormValues {
  return {
    name: calendar?.name ?? '',
    description: calendar?.description ?? '',
    color: calendar?.color ?? DEFAULT_CALENDAR_COLOR,
    isDefault: calendar?.isDefault ?? false,
    isActive: calendar?.isActive ?? true,
  };
}

export function toCalendarBody(values: CalendarFormValues): CalendarBody {
  return {
    name: values.name,
    description: values.description || null,
    color: values.color,
    isDefault: values.isDefault,
    isActive: values.isActive,
  };
}
