import { Button, HStack, Input, SimpleGrid } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LuCalendarPlus } from 'react-icons/lu';

import { FormField } from '@/components/form/form-field';
import { InlineForm } from '@/components/form/inline-form';
import { SelectInput } from '@/components/form/select-input';
import { PasswordInput } from '@/components/ui/password-input';
import { toastSuccess } from '@/components/ui/toaster';

import { usePlanOptions } from '../api/get-plan-options';
import { companyFormSchema, type CompanyFormValues, toDueDate, useSaveCompany } from '../api/save-company';
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
    billingName: company?.billingName ?? '',
    billingEmail: company?.billingEmail ?? '',
    addressZipCode: company?.addressZipCode ?? '',
    addressStreet: company?.addressStreet ?? '',
    addressState: company?.addressState ?? '',
    addressCity: company?.addressCity ?? '',
    addressDistrict: company?.addressDistrict ?? '',
    trialExpiration: company?.trialExpiration ?? '',
  };
}

const BILLING_TEXT_FIELDS = ['billingName', 'addressZipCode', 'addressStreet', 'addressDistrict', 'addressCity', 'addressState'] as const;

/**
 * Company fields for super users: name, e-mail, phone, plan, status, approval, campaigns, due date,
 * recurrence, and the billing fields (who invoices are made out to, the billing e-mail, the trial's end).
 */
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

  return (
    <InlineForm
      onSubmit={handleSubmit(handleValid)}
      onClear={onCancel}
      submitting={isSubmitting}
      testId="company-form"
      submitTestId="company-save"
    >
      <SimpleGrid columns={{ base: 1, md: 2, xl: 4 }} gap="4">
        <FormField label={t('companies.form.name')} error={errors.name?.message} required>
          <Input {...register('name')} />
        </FormField>
        <FormField label={t('companies.form.email')} error={errors.email?.message} required>
          <Input {...register('email')} type="email" autoCapitalize="none" />
        </FormField>
        <FormField label={t('companies.form.phone')} error={errors.phone?.message}>
          <Input {...register('phone')} type="tel" />
        </FormField>
        {mode === 'create' && (
          <FormField label={t('companies.form.password')} error={errors.password?.message} required>
            <PasswordInput {...register('password')} autoComplete="new-password" />
          </FormField>
        )}
        <FormField label={t('companies.form.plan')} error={errors.planId?.message} required>
          <SelectInput {...register('planId')} data-testid="company-plan">
            <option value="">{t('companies.form.selectPlan')}</option>
            {(plans.data ?? []).map((plan) => (
              <option key={plan.id} value={String(plan.id)}>
                {plan.name}
              </option>
            ))}
          </SelectInput>
        </FormField>
        <FormField label={t('companies.form.status')}>
          <SelectInput {...register('status')} data-testid="company-status">
            <option value="true">{t('common.yes')}</option>
            <option value="false">{t('common.no')}</option>
          </SelectInput>
        </FormField>
        <FormField label={t('companies.form.approved')}>
          <SelectInput {...register('approved')} data-testid="company-approved">
            <option value="true">{t('companies.approved.true')}</option>
            <option value="false">{t('companies.approved.false')}</option>
          </SelectInput>
        </FormField>
        <FormField label={t('companies.form.campaigns')}>
          <SelectInput {...register('campaignsEnabled')}>
            <option value="true">{t('common.enabled')}</option>
            <option value="false">{t('common.disabled')}</option>
          </SelectInput>
        </FormField>
        <FormField label={t('companies.form.dueDate')}>
          <HStack gap="2">
            <Input {...register('dueDate')} type="date" data-testid="company-due-date" />
            <Button type="button" variant="outline" onClick={handleAdvanceDueDate} data-testid="company-advance-due-date">
              <LuCalendarPlus /> {t('companies.form.advanceDueDate')}
            </Button>
          </HStack>
        </FormField>
        <FormField label={t('companies.form.recurrence')}>
          <SelectInput {...register('recurrence')}>
            {/* Spec 3 section 4: only Mensal is offered in the selector. */}
            <option value="MENSAL">{t('companies.recurrence.MENSAL')}</option>
          </SelectInput>
        </FormField>
        <FormField label={t('companies.form.billingEmail')} error={errors.billingEmail?.message}>
          <Input {...register('billingEmail')} type="email" autoCapitalize="none" data-testid="company-billingEmail" />
        </FormField>
        {BILLING_TEXT_FIELDS.map((field) => (
          <FormField key={field} label={t(`companies.form.${field}`)} error={errors[field]?.message}>
            <Input {...register(field)} data-testid={`company-${field}`} />
          </FormField>
        ))}
        <FormField label={t('companies.form.trialExpiration')}>
          <Input {...register('trialExpiration')} type="date" data-testid="company-trialExpiration" />
        </FormField>
      </SimpleGrid>
    </InlineForm>
  );
}
