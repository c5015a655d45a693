import { Button, Field, HStack, Input, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LuCalendarPlus } from 'react-icons/lu';
import { PasswordInput } from '@/components/ui/password-input';
import { toastSuccess } from '@/components/ui/toaster';
import { usePlanOptions } from '../api/get-plan-options';
import { companyFormSchema, toDueDate, useSaveCompany, type CompanyFormValues } from '../api/save-company';
import { advanceDueDate, type CompanyResponse } from '../types';

type CompanyFormProps = {
  /** The company to edit; null creates one. */
  company: CompanyResponse | null;
  onSaved?: () => void;
  onCancel?: () => void;
};

function toFormValues(company: CompanyResponse | null): CompanyFormValues {
  return {
    name: company?.name ?? '',
    email: company?.email ?? '',
    phone: company?.phone ?? '',
    password: '',
    planId: company ? String(company.planId) : '',
    status: company?.status === false ? 'false' : 'true',
    approved: company?.approved === false ? 'false' : 'true',
    campaignsEnabled: company?.campaignsEnabled ? 'true' : 'false',
    dueDate: company?.dueDate?.slice(0, 10) ?? '',
    recurrence: company?.recurrence ?? 'MENSAL',
  };
}

/** Company fields for super users: name, e-mail, phone, plan, status, approval, campaigns, due date, recurrence. */
export function CompanyForm({ company, onSaved, onCancel }: CompanyFormProps) {
  const { t } = useTranslation();
  const mode = company ? 'edit' : 'create';
  const schema = useMemo(() => companyFormSchema(mode), [mode]);
  const plans = usePlanOptions();
  const saveCompany = useSaveCompany();
  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CompanyFormValues>({ resolver: zodResolver(schema), values: toFormValues(company) });

  function handleAdvanceDueDate() {
    const current = toDueDate(getValues('dueDate'));
    if (!current) return;
    setValue('dueDate', advanceDueDate(current, getValues('recurrence')), { shouldDirty: true });
  }

  async function handleValid(values: CompanyFormValues) {
    try {
      await saveCompany.mutateAsync({ companyId: company?.id ?? null, values });
      toastSuccess(t('common.operationSuccess'));
      if (!company) reset(toFormValues(null));
      onSaved?.();
    } catch {
      // The mutation cache shows the spec's failure text.
    }
  }

  const message = (key: string | undefined) => (key ? t(key as 'validation.required') : undefined);

  return (
    <form noValidate onSubmit={handleSubmit(handleValid)} data-testid="company-form">
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 2, xl: 4 }} gap="4">
          <Field.Root invalid={!!errors.name} required>
            <Field.Label>{t('companies.form.name')}</Field.Label>
            <Input {...register('name')} />
            <Field.ErrorText>{message(errors.name?.message)}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!errors.email} required>
            <Field.Label>{t('companies.form.email')}</Field.Label>
            <Input {...register('email')} type="email" autoCapitalize="none" />
            <Field.ErrorText>{message(errors.email?.message)}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!errors.phone}>
            <Field.Label>{t('companies.form.phone')}</Field.Label>
            <Input {...register('phone')} type="tel" />
            <Field.ErrorText>{message(errors.phone?.message)}</Field.ErrorText>
          </Field.Root>
          {mode === 'create' && (
            <Field.Root invalid={!!errors.password} required>
              <Field.Label>{t('companies.form.password')}</Field.Label>
              <PasswordInput {...register('password')} autoComplete="new-password" />
              <Field.ErrorText>{message(errors.password?.message)}</Field.ErrorText>
            </Field.Root>
          )}
          <Field.Root invalid={!!errors.planId} required>
            <Field.Label>{t('companies.form.plan')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field {...register('planId')} data-testid="company-plan">
                <option value="">{t('companies.form.selectPlan')}</option>
                {(plans.data ?? []).map((plan) => (
                  <option key={plan.id} value={String(plan.id)}>
                    {plan.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.ErrorText>{message(errors.planId?.message)}</Field.ErrorText>
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('companies.form.status')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field {...register('status')} data-testid="company-status">
                <option value="true">{t('common.yes')}</option>
                <option value="false">{t('common.no')}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('companies.form.approved')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field {...register('approved')} data-testid="company-approved">
                <option value="true">{t('companies.approved.true')}</option>
                <option value="false">{t('companies.approved.false')}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('companies.form.campaigns')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field {...register('campaignsEnabled')}>
                <option value="true">{t('common.enabled')}</option>
                <option value="false">{t('common.disabled')}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('companies.form.dueDate')}</Field.Label>
            <HStack gap="2">
              <Input {...register('dueDate')} type="date" data-testid="company-due-date" />
              <Button type="button" variant="outline" onClick={handleAdvanceDueDate} data-testid="company-advance-due-date">
                <LuCalendarPlus /> {t('companies.form.advanceDueDate')}
              </Button>
            </HStack>
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('companies.form.recurrence')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field {...register('recurrence')}>
                {/* Spec 3 section 4: only Mensal is offered in the selector. */}
                <option value="MENSAL">{t('companies.recurrence.MENSAL')}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        </SimpleGrid>
        <HStack justify="flex-end" gap="2">
          {onCancel && (
            <Button type="button" variant="outline" onClick={onCancel}>
              {t('common.clear')}
            </Button>
          )}
          <Button type="submit" colorPalette="brand" loading={isSubmitting} data-testid="company-save">
            {t('common.save')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
