import { companyResponseSchema } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';

import { type CompanyCreateRequest, type CompanyResponse, type CompanyUpdateRequest, RECURRENCES } from '../types';
import { companiesQueryKey } from './get-companies';

/** The company form; messages are i18n keys. The password creates the company's first admin. */
export function companyFormSchema(mode: 'create' | 'edit') {
  return z.object({
    name: z.string().trim().min(1, 'validation.required').min(2, 'validation.tooShort').max(50, 'validation.tooLong'),
    email: z.string().trim().toLowerCase().min(1, 'validation.required').pipe(z.email('validation.invalidEmail')),
    phone: z.string().trim().max(20, 'validation.tooLong'),
    password:
      mode === 'create' ? z.string().min(1, 'validation.required').min(5, 'validation.tooShort').max(50, 'validation.tooLong') : z.string(),
    planId: z.string().min(1, 'validation.required'),
    status: z.enum(['true', 'false']),
    approved: z.enum(['true', 'false']),
    campaignsEnabled: z.enum(['true', 'false']),
    dueDate: z.string(),
    recurrence: z.enum(RECURRENCES),
    billingName: z.string().trim().max(100, 'validation.tooLong'),
    billingEmail: z.union([z.literal(''), z.string().trim().toLowerCase().pipe(z.email('validation.invalidEmail'))]),
    addressZipCode: z.union([
      z.literal(''),
      z
        .string()
        .trim()
        .regex(/^\d{5}-?\d{3}$/, 'validation.invalidValue'),
    ]),
    addressStreet: z.string().trim().max(200, 'validation.tooLong'),
    addressState: z.string().trim().max(50, 'validation.tooLong'),
    addressCity: z.string().trim().max(100, 'validation.tooLong'),
    addressDistrict: z.string().trim().max(100, 'validation.tooLong'),
    trialExpiration: z.string(),
  });
}

export type CompanyFormValues = z.infer<ReturnType<typeof companyFormSchema>>;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** An empty or invalid due date is sent as null (spec 3 section 5). */
export function toDueDate(value: string): string | null {
  const trimmed = value.trim();
  return DATE_ONLY.test(trimmed) && !Number.isNaN(new Date(trimmed).getTime()) ? trimmed : null;
}

export function toCompanyRequest(values: CompanyFormValues): CompanyUpdateRequest {
  return {
    name: values.name,
    email: values.email,
    phone: values.phone.replace(/\D/g, ''),
    planId: Number(values.planId),
    status: values.status === 'true',
    approved: values.approved === 'true',
    campaignsEnabled: values.campaignsEnabled === 'true',
    dueDate: toDueDate(values.dueDate),
    recurrence: values.recurrence,
    // Empty billing fields are cleared (sent as null); an empty or invalid trial end too.
    billingName: values.billingName || null,
    billingEmail: values.billingEmail || null,
    addressZipCode: values.addressZipCode || null,
    addressStreet: values.addressStreet || null,
    addressState: values.addressState || null,
    addressCity: values.addressCity || null,
    addressDistrict: values.addressDistrict || null,
    trialExpiration: toDueDate(values.trialExpiration),
  };
}

export function createCompany(input: CompanyCreateRequest): Promise<CompanyResponse> {
  return api.post('/companies', input, { schema: companyResponseSchema });
}

export function updateCompany(companyId: number, input: CompanyUpdateRequest): Promise<CompanyResponse> {
  return api.put(`/companies/${companyId}`, input, { schema: companyResponseSchema });
}

/** Creates (no id) or updates a company; a failure shows the spec's "could not complete" text. */
export function useSaveCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ companyId, values }: { companyId: number | null; values: CompanyFormValues }) =>
      companyId === null
        ? createCompany({ ...toCompanyRequest(values), password: values.password } as CompanyCreateRequest)
        : updateCompany(companyId, toCompanyRequest(values)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companiesQueryKey }),
    meta: { errorKey: 'companies.toasts.saveError' },
  });
}
