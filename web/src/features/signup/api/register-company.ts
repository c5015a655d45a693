import {
  type SignUpRequest,
  signUpResponseSchema,
  STRONG_PASSWORD_PATTERN,
  TRIAL_DAYS_DEFAULT,
  TRIAL_DAYS_MAX,
  TRIAL_DAYS_MIN,
} from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { addDays, format } from 'date-fns';
import { z } from 'zod';

import { api } from '@/lib/api-client';

import { PHONE_MAX_DIGITS } from '../utils/phone-mask';

/** Step one of the sign-up form. Messages are i18n keys (spec 1 section 5, Sign-up). */
export const signupFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'signup.validation.nameRequired')
    .min(2, 'signup.validation.nameTooShort')
    .max(50, 'signup.validation.nameTooLong'),
  email: z.string().trim().toLowerCase().min(1, 'validation.emailRequired').pipe(z.email('validation.emailInvalid')),
  phone: z.string().regex(new RegExp(`^\\d{0,${PHONE_MAX_DIGITS}}$`), 'signup.validation.phoneInvalid'),
  password: z.string().min(1, 'validation.passwordRequired').regex(STRONG_PASSWORD_PATTERN, 'validation.passwordRule'),
  planId: z.string().min(1, 'signup.validation.planRequired'),
});

export type SignupFormValues = z.infer<typeof signupFormSchema>;

export type RegisterCompanyInput = SignUpRequest;

/** The trial length from the `trial` setting: 1 to 7 days, else the sign-up default. */
export function trialDays(value: string | null | undefined): number {
  const days = Number(value);
  return Number.isInteger(days) && days >= TRIAL_DAYS_MIN && days <= TRIAL_DAYS_MAX ? days : TRIAL_DAYS_DEFAULT;
}

/**
 * The new company's fields (spec 1 section 4): monthly, active, campaigns on, due after the trial.
 * The server decides these itself; they are sent as the spec lists them.
 */
export function toRegisterCompanyInput(values: SignupFormValues, trial: number, today: Date = new Date()): RegisterCompanyInput {
  return {
    name: values.name,
    email: values.email,
    phone: values.phone,
    password: values.password,
    planId: Number(values.planId),
    recurrence: 'MENSAL',
    dueDate: format(addDays(today, trial), 'yyyy-MM-dd'),
    status: true,
    campaignsEnabled: true,
  };
}

/** `POST /api/companies/cadastro`, after the code was verified. */
export function registerCompany(input: RegisterCompanyInput): Promise<unknown> {
  return api.post('/companies/cadastro', input, { schema: signUpResponseSchema, skipAuthRefresh: true });
}

export function useRegisterCompany() {
  return useMutation({ mutationFn: registerCompany });
}
